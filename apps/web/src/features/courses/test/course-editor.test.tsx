import { COURSE_MESSAGES } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../components/list-page/testing.tsx';
import { COURSES, mockCoursesApi, renderCourses, storedCourse } from './courses-fixtures.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const topicCard = (name: RegExp) => screen.getByRole('region', { name });
const editorReady = () => screen.findByRole('heading', { name: 'Topics' });

/** Puts text into a field in one go (typing every key re-renders the editor, slow under jsdom). */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

async function addTopic(kind: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: kind }));
}

describe('the course editor', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('checks the fields as they are left and on Save, and sends nothing until they pass', async () => {
    const api = mockCoursesApi({});
    renderCourses('/settings/courses/new');
    await editorReady();

    await userEvent.type(field('Estimated duration'), '12x');
    await userEvent.tab();
    expect(await screen.findByText('Enter a whole number.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Some fields need your attention.')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription(/Enter a name\./);
    await userEvent.clear(field('Attempts allowed'));
    await userEvent.type(field('Attempts allowed'), '0');
    expect(await screen.findByText('Enter a number of at least 1.')).toBeInTheDocument();
    expect(api.callsTo('POST', COURSES)).toHaveLength(0);

    // Fixed as typed: the messages go as the values pass.
    await fill(field('Name'), 'Fire drill');
    await userEvent.clear(field('Estimated duration'));
    await userEvent.type(field('Estimated duration'), '20');
    await userEvent.clear(field('Attempts allowed'));
    await waitFor(() => expect(screen.queryByText('Enter a name.')).toBeNull());
    expect(screen.queryByText('Enter a number of at least 1.')).toBeNull();
  });

  it("puts the server's 422 messages on the fields they name, wherever those moved, and keeps what was typed", async () => {
    const api = mockCoursesApi({
      write: (call) =>
        call.method === 'POST' && call.path === COURSES
          ? json(
              {
                error: {
                  message: 'The given data was invalid.',
                  details: {
                    name: ['A course is already called that.'],
                    'topics.1.name': ['That topic name is not allowed.'],
                    'topics.0.questions.0.options.1.text': ['That answer is too vague.'],
                    company_ids: ['No such company: 99.'],
                    topics: ['Something about the topics as a whole.'],
                  },
                },
              },
              422,
            )
          : undefined,
    });
    renderCourses('/settings/courses/new');
    await editorReady();
    await fill(field('Name'), 'Fire drill');
    await userEvent.type(field('Estimated duration'), '20');
    await addTopic(/^Text/);
    await fill(field('Topic name'), 'Why it matters');
    await addTopic(/^Questions/);
    const quiz = topicCard(/^Topic 2/);
    await fill(within(quiz).getByRole('textbox', { name: 'Topic name' }), 'Check yourself');
    await fill(within(quiz).getByRole('textbox', { name: 'Question' }), 'Where do you meet?');
    await fill(within(quiz).getByRole('textbox', { name: 'Answer 1' }), 'At the assembly point');
    await fill(within(quiz).getByRole('textbox', { name: 'Answer 2' }), 'Somewhere');
    // The questions topic goes first.
    await userEvent.click(screen.getByRole('button', { name: 'Move Topic 2: Check yourself up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));

    await waitFor(() => expect(api.callsTo('POST', COURSES)).toHaveLength(1));
    const body = api.callsTo('POST', COURSES)[0]!.body as { topics: { name: string; kind: string }[] };
    expect(body).toMatchObject({ name: 'Fire drill', duration_minutes: 20, passing_score: 80, all_companies: true });
    expect(body.topics.map((t) => [t.name, t.kind])).toEqual([
      ['Check yourself', 'questions'],
      ['Why it matters', 'text'],
    ]);

    expect(await screen.findByText('A course is already called that.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Fire drill');
    const text = topicCard(/^Topic 2: Why it matters/);
    expect(within(text).getByText('That topic name is not allowed.')).toBeInTheDocument();
    const questions = topicCard(/^Topic 1: Check yourself/);
    expect(within(questions).getByRole('textbox', { name: 'Answer 2' })).toHaveAccessibleDescription(
      'That answer is too vague.',
    );
    expect(within(questions).getByRole('textbox', { name: 'Answer 2' })).toHaveValue('Somewhere');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('Something about the topics as a whole.'))).toBe(true);
    expect(screen.getByText('No such company: 99.')).toBeInTheDocument();

    // A changed field drops the server's word on it.
    await userEvent.type(field('Name'), ' 2');
    expect(screen.queryByText('A course is already called that.')).toBeNull();
  });

  it('reorders topics with the keyboard, saves the new order by id and says which version it published', async () => {
    const course = storedCourse();
    const api = mockCoursesApi({
      course,
      write: (call) =>
        call.method === 'PUT' && call.path === `${COURSES}/7`
          ? json({ data: { ...course, topics: [course.topics[1], course.topics[0]], version: 4 } })
          : undefined,
    });
    renderCourses('/settings/courses/7');
    await editorReady();
    expect(field('Name')).toHaveValue('Fire Safety');

    const down = screen.getByRole('button', { name: 'Move Topic 1: Why it matters down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    const titles = () => screen.getAllByRole('region', { name: /^Topic \d/ }).map((r) => r.getAttribute('aria-label'));
    expect(titles()).toEqual(['Topic 1: Check yourself', 'Topic 2: Why it matters']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Topic 1: Check yourself up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${COURSES}/7`)).toHaveLength(1));
    const body = api.callsTo('PUT', `${COURSES}/7`)[0]!.body as {
      topics: { id?: number; questions: { id?: number }[] }[];
    };
    expect(body.topics.map((t) => t.id)).toEqual([12, 11]);
    expect(body.topics[0]!.questions.map((q) => q.id)).toEqual([21]);
    expect(await screen.findByText('Saved — version 4')).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockCoursesApi({ course: storedCourse() });
    const view = renderCourses('/settings/courses/7');
    await editorReady();
    await fill(field('Name'), ' (2026)');
    await userEvent.click(screen.getByRole('link', { name: 'Courses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.address()).toBe('/settings/courses/7');
    expect(field('Name')).toHaveValue('Fire Safety (2026)');
  });

  it('keeps the rules of each question type as the author edits', async () => {
    mockCoursesApi({});
    renderCourses('/settings/courses/new');
    await editorReady();
    await addTopic(/^Questions/);
    const question = () => screen.getByRole('group', { name: 'Question 1' });
    const correct = (n: number) => {
      const name = `Answer ${n} is correct`;
      return within(question()).queryByRole('radio', { name }) ?? within(question()).getByRole('checkbox', { name });
    };

    // Single choice: one correct answer, the radio moves.
    expect(correct(1)).toBeChecked();
    await userEvent.click(correct(2));
    expect(correct(1)).not.toBeChecked();
    expect(correct(2)).toBeChecked();

    // Multiple choice: several, and at least one (said at once).
    await userEvent.click(within(question()).getByRole('radio', { name: 'Multiple choice' }));
    await userEvent.click(correct(1));
    expect(correct(1)).toBeChecked();
    expect(correct(2)).toBeChecked();
    await userEvent.click(correct(1));
    await userEvent.click(correct(2));
    expect(await within(question()).findByText(COURSE_MESSAGES.atLeastOneCorrect)).toBeInTheDocument();
    await userEvent.click(correct(2));
    expect(within(question()).queryByText(COURSE_MESSAGES.atLeastOneCorrect)).toBeNull();

    // Up to ten answers; never fewer than two.
    for (let n = 3; n <= 10; n++) await userEvent.click(within(question()).getByRole('button', { name: 'Add answer' }));
    expect(within(question()).queryByRole('button', { name: 'Add answer' })).toBeNull();
    await userEvent.click(correct(3));
    await userEvent.click(correct(4));

    // Back to single choice: the first correct mark stays, the others go.
    await userEvent.click(within(question()).getByRole('radio', { name: 'Single choice' }));
    expect(correct(2)).toBeChecked();
    expect(correct(3)).not.toBeChecked();
    expect(correct(4)).not.toBeChecked();

    // True / false: exactly two answers, nothing to add or remove.
    await userEvent.click(within(question()).getByRole('radio', { name: 'True / false' }));
    expect(within(question()).getByRole('textbox', { name: 'Answer 1' })).toHaveValue('True');
    expect(within(question()).getByRole('textbox', { name: 'Answer 2' })).toHaveValue('False');
    expect(within(question()).queryByRole('textbox', { name: 'Answer 3' })).toBeNull();
    expect(within(question()).queryByRole('button', { name: 'Add answer' })).toBeNull();
    expect(within(question()).getByRole('button', { name: 'Remove answer 1' })).toBeDisabled();
  });

  it('offers feedback per answer and a pool that asks at most as many questions as the topic has', async () => {
    mockCoursesApi({});
    renderCourses('/settings/courses/new');
    await editorReady();
    await addTopic(/^Questions/);
    const question = () => screen.getByRole('group', { name: 'Question 1' });

    // Feedback per answer.
    await userEvent.click(within(question()).getByRole('button', { name: 'Feedback for answer 2' }));
    await fill(within(question()).getByRole('textbox', { name: 'Feedback after answer 2' }), 'It is true.');

    // A pool asks at most as many questions as the topic has.
    await userEvent.click(screen.getByRole('switch', { name: /Ask from a pool/ }));
    const pool = screen.getByRole('textbox', { name: 'Questions asked' });
    await userEvent.clear(pool);
    await userEvent.type(pool, '3');
    await userEvent.tab();
    expect(await screen.findByText(COURSE_MESSAGES.poolTooLarge(1))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Multiple choice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Single choice' }));
    await waitFor(() => expect(screen.queryByText(COURSE_MESSAGES.poolTooLarge(1))).toBeNull());
    expect(screen.getByText('of these 3 questions')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a course that has assignments", async () => {
    const message = COURSE_MESSAGES.hasAssignments(3);
    mockCoursesApi({
      course: storedCourse(),
      write: (call) =>
        call.method === 'DELETE' ? json({ error: { message, details: { id: [message] } } }, 422) : undefined,
    });
    const view = renderCourses('/settings/courses/7');
    await editorReady();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Fire Safety?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(view.address()).toBe('/settings/courses/7');
  });

  it('names the assignment rules that keep a course from being deleted', async () => {
    const message = COURSE_MESSAGES.usedByRules(2);
    const rules = ['"New starters" (Alpha)', '"Warehouse" (Beta)'];
    mockCoursesApi({
      course: storedCourse(),
      write: (call) =>
        call.method === 'DELETE' ? json({ error: { message, details: { id: [message], rules } } }, 422) : undefined,
    });
    const view = renderCourses('/settings/courses/7');
    await editorReady();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Fire Safety?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Assignment rules that assign it' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(rules);
    expect(view.address()).toBe('/settings/courses/7');
  });
});
