import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import AssignmentsNewPage from '../pages/assignments-new-page.tsx';
import { ASSIGNMENTS, renderAs } from './assignments-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;
const COUNT = '/api/v3/assignments/learners/count';

const DEPARTMENTS = [
  { id: 10, name: 'Operations', parent_id: null, path: '/10/', user_count: 3, total_user_count: 5 },
  { id: 11, name: 'Plant A', parent_id: 10, path: '/10/11/', user_count: 2, total_user_count: 2 },
];
const TREE = {
  id: 0,
  name: 'System Root',
  label: 'System Root',
  display_name: 'System Root',
  parent_id: null,
  category: true,
  children: [
    {
      id: 1,
      name: 'Safety',
      label: 'Safety',
      display_name: 'Safety',
      parent_id: 0,
      category: true,
      children: [
        {
          id: 1,
          name: 'Fire Safety',
          label: 'Fire Safety',
          display_name: 'Fire Safety',
          parent_id: 1,
          category: false,
          children: [],
        },
      ],
    },
    { id: 2, name: 'Ethics', label: 'Ethics', display_name: 'Ethics', parent_id: 0, category: false, children: [] },
  ],
};

function api(create: (body: unknown) => Response) {
  return mockApi((call) => {
    if (call.path === '/api/v3/departments') return json({ data: DEPARTMENTS });
    if (call.path === '/api/v3/course-categories') return json({ data: TREE });
    if (call.path === '/api/v3/custom-fields') return json({ data: [] });
    if (call.path === COUNT) {
      const body = call.body as { learners: { department_ids: number[] } };
      return json({ data: { learners: body.learners.department_ids.length * 5, out_of_scope: 0 } });
    }
    if (call.path === ASSIGNMENTS && call.method === 'POST') return create(call.body);
    if (call.path === '/api/v3/jobs/77')
      return json({
        data: {
          id: 77,
          type: 'assignments_create',
          status: 'completed',
          progress: 5000,
          total: 5000,
          result: {
            learners: 5000,
            courses: 1,
            created: 4990,
            skipped: { already_assigned: 10, out_of_scope: 0, course_unavailable: 0 },
            notified: 0,
          },
          error: null,
          created_at: '2026-03-02T09:00:00.000Z',
          updated_at: '2026-03-02T09:00:05.000Z',
        },
      });
    return undefined;
  });
}

async function pickDepartmentAndCourse() {
  await userEvent.click(screen.getByRole('button', { name: 'Choose departments' }));
  const departments = await screen.findByRole('dialog');
  await userEvent.click(await within(departments).findByRole('treeitem', { name: 'Operations' }));
  await userEvent.click(within(departments).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await userEvent.click(screen.getByRole('button', { name: 'Choose courses' }));
  const courses = await screen.findByRole('dialog');
  // Ticking a category ticks its courses; only courses are assigned.
  await userEvent.click(await within(courses).findByRole('treeitem', { name: 'Safety' }));
  await userEvent.click(within(courses).getByRole('treeitem', { name: 'Ethics' }));
  await userEvent.click(within(courses).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('New assignment', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('counts who is picked, sends the selection and says what was created and skipped', async () => {
    const calls = api(() =>
      json({
        data: {
          learners: 5,
          courses: 2,
          created: 8,
          skipped: { already_assigned: 2, out_of_scope: 0, course_unavailable: 0 },
          notified: 5,
        },
      }),
    );
    renderAs('/assignments/new', <AssignmentsNewPage />, '/assignments/new');
    expect(screen.getByTestId('learner-count')).toHaveTextContent('Nobody picked yet.');
    await pickDepartmentAndCourse();
    await waitFor(() => expect(screen.getByTestId('learner-count')).toHaveTextContent('5 learners picked.'));
    expect(screen.getByText('2 courses')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('8 assignments created')).toBeInTheDocument();
    expect(screen.getByText(/2 — Already assigned/)).toBeInTheDocument();
    expect(calls.callsTo('POST', ASSIGNMENTS)[0]!.body).toEqual({
      learners: { user_ids: [], department_ids: [10], custom_fields: {} },
      course_ids: [1, 2],
      notify: true,
      due_days: 30,
    });
  });

  it('follows a job with a progress bar when the server queues the work', async () => {
    api(() => json({ data: { job_id: 77, learners: 5000 } }, 202));
    renderAs('/assignments/new', <AssignmentsNewPage />, '/assignments/new');
    await pickDepartmentAndCourse();
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByTestId('job-progress')).toBeInTheDocument();
    expect(await screen.findByText('4,990 assignments created')).toBeInTheDocument();
  });

  it('asks for a course before sending anything', async () => {
    const calls = api(() => json({ data: {} }));
    renderAs('/assignments/new', <AssignmentsNewPage />, '/assignments/new');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose at least one course.')).toBeInTheDocument();
    expect(calls.callsTo('POST', ASSIGNMENTS)).toHaveLength(0);
  });
});
