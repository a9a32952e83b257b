import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COURSES, mockCoursesApi, renderCourses, sessionOf, storedCourse } from './courses-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;
const table = () => screen.getByRole('table', { name: 'Courses' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const lastQuery = (api: ReturnType<typeof mockCoursesApi>) =>
  Object.fromEntries(api.callsTo('GET', COURSES).at(-1)!.query);

describe('the courses list', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the catalog by name, 25 a page, with the columns and their numbers', async () => {
    const api = mockCoursesApi({ total: 40 });
    renderCourses('/settings/courses');

    expect(await screen.findByText('1–25 of 40 courses')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ page: '1', per_page: '25', sort: 'name', order: 'asc' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    expect(headers).toEqual([
      'Name',
      'Category',
      'Topics',
      'Duration',
      'Passing score',
      'Recertify',
      'Companies',
      'Learners',
      'Status',
    ]);
    const cells = (index: number) =>
      within(bodyRows()[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(0)).toEqual(['Course 1', 'Compliance', '3', '30 min', '80 %', '1 year', '2', '1,201', 'Active']);
    expect(cells(1)[6]).toBe('All companies');
    // Numbers align right.
    expect(within(bodyRows()[0]!).getAllByRole('cell')[7]).toHaveStyle({ textAlign: 'right' });

    await userEvent.click(screen.getByRole('button', { name: 'Learners' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'learners', order: 'asc' }));
  });

  it('keeps the filters in the address and asks the API for exactly them', async () => {
    const api = mockCoursesApi({ total: 40 });
    const view = renderCourses('/settings/courses');
    await screen.findByText('1–25 of 40 courses');

    await userEvent.click(screen.getByRole('button', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(view.address()).toContain('field[active]=0'));
    await userEvent.keyboard('{Escape}');

    // Every kind of the contract is offered, the media kinds too.
    await userEvent.click(screen.getByRole('button', { name: 'Filter by type' }));
    for (const label of ['Text', 'Questions', 'Video', 'Policy document', 'SCORM package'])
      expect(await screen.findByRole('checkbox', { name: label })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Questions' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'SCORM package' }));
    await waitFor(() => expect(view.address()).toContain('field[kind]=questions,scorm'));
    await userEvent.keyboard('{Escape}');

    // The category tree: the System Root is there but cannot be ticked; a category can.
    await userEvent.click(screen.getByRole('button', { name: 'Filter by category' }));
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const root = within(tree).getByRole('treeitem', { name: /System Root/ });
    expect(root).not.toHaveAttribute('aria-checked');
    root.focus();
    await userEvent.keyboard(' ');
    expect(root).not.toHaveAttribute('aria-checked');
    const compliance = within(tree).getByRole('treeitem', { name: /Compliance/ });
    await userEvent.click(compliance);
    expect(compliance).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(view.address()).toContain('field[category_id]=1'));

    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({
        'field[active]': '0',
        'field[kind]': 'questions,scorm',
        'field[category_id]': '1',
        page: '1',
      }),
    );
  });

  it('opens the view a link describes', async () => {
    const api = mockCoursesApi({ total: 60 });
    renderCourses('/settings/courses?page=2&sort=learners&order=desc&field[recertify]=1');
    expect(await screen.findByText('26–50 of 60 courses')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({
      page: '2',
      per_page: '25',
      sort: 'learners',
      order: 'desc',
      'field[recertify]': '1',
    });
    expect(screen.getByRole('button', { name: 'Recertify: Periodically' })).toBeInTheDocument();
  });

  it('lets a site admin add courses, manage categories and open a course in the editor', async () => {
    mockCoursesApi({ total: 3 });
    const view = renderCourses('/settings/courses');
    await screen.findByText('1–3 of 3 courses');
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute('href', '/settings/courses/new');
    expect(screen.getByRole('button', { name: 'Categories' })).toBeInTheDocument();
    await userEvent.click(within(bodyRows()[1]!).getByText('Course 2'));
    await waitFor(() => expect(view.address()).toBe('/settings/courses/2'));
  });

  it('shows a Company Manager the courses read-only: no New course, no categories; a row opens the course to read', async () => {
    mockCoursesApi({ total: 3, course: storedCourse({ id: 1, name: 'Course 1', grace_days: 14 }) });
    const view = renderCourses('/settings/courses', sessionOf('company-manager'));
    await screen.findByText('1–3 of 3 courses');
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New course' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Categories' })).toBeNull();
    await userEvent.click(within(bodyRows()[0]!).getByText('Course 1'));
    const drawer = await screen.findByRole('dialog', { name: 'Course 1' });
    expect(view.address()).toBe('/settings/courses');
    const fact = (label: string) =>
      within(drawer).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(fact('Recertification')).toBe('Every 1 year');
    expect(fact('Renewal assigned')).toBe('30 days before expiry');
    expect(fact('Grace period')).toBe('14 days');
    expect(fact('Passing score')).toBe('80%');
    const topics = within(drawer)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(topics).toEqual(['Why it mattersText', 'Check yourselfQuestions1 questions']);
    expect(within(drawer).queryByRole('button', { name: /save|delete/i })).toBeNull();
  });

  it('offers a site admin to create the first course when there is none', async () => {
    mockCoursesApi({ total: 0 });
    renderCourses('/settings/courses');
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create course' })).toHaveAttribute('href', '/settings/courses/new');
  });
});
