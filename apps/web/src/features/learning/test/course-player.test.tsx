import type { PlayerState } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { fireEvent, screen, userEvent, waitFor, within } from '../../../test/render.tsx';
import { CoursePlayer } from '../components/player/course-player.tsx';
import {
  ANSWER,
  ATTEMPTS,
  COMPLETE,
  PLAYER,
  playerAssignment,
  playerAttempt,
  playerState,
  topic,
  wrongAnswer,
} from './player-fixtures.ts';

type Handler = (call: ApiCall) => Response | Promise<Response> | undefined;

function mockPlayer(state: PlayerState, more: Handler = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === PLAYER(42)) return json({ data: state });
    if (call.path === '/api/v3/my/assignments') return json({ data: [] });
    return more(call);
  });
}

const renderPlayer = () => renderAt('/courses/42', <CoursePlayer assignmentId={42} />, '/courses/:assignmentId');
const outline = () => screen.getByRole('navigation', { name: 'Course contents' });

const phoneMatchMedia = window.matchMedia;
/** The screen is as wide as `width` (px) for the player's `(min-width: 62em)` query. */
function screenWidth(width: number) {
  window.matchMedia = (query: string) =>
    ({
      ...phoneMatchMedia(query),
      matches: /min-width: 62em/.test(query) ? width >= 992 : false,
    }) as MediaQueryList;
}

beforeEach(() => screenWidth(1280));
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
});

describe('Course player', () => {
  it('lists the topics in order, opens the first one not completed and keeps later ones locked', async () => {
    mockPlayer(playerState());
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Check yourself' })).toBeInTheDocument();
    const items = within(outline()).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Topic 1: Why phishing works, Reading, completed',
      'Topic 2: Check yourself, Questions, not completed',
      'Topic 3: What to do next, Reading, locked until the earlier topics are completed',
    ]);
    expect(items[0]).toBeEnabled();
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toBeDisabled();
    expect(screen.getByText('Attempt 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress: 33%' })).toBeInTheDocument();

    // A completed topic opens again for review.
    await userEvent.click(items[0]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Why phishing works' })).toHaveFocus();
    expect(screen.getByText('Text of topic 1.')).toBeInTheDocument();
  });

  it('asks each question in a fieldset: radios for one answer, checkboxes for several', async () => {
    mockPlayer(playerState());
    renderPlayer();
    const single = await screen.findByRole('group', { name: /Question 11\?/ });
    expect(within(single).getAllByRole('radio')).toHaveLength(3);
    const multiple = screen.getByRole('group', { name: /Which are warning signs\?/ });
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3);
    expect(multiple).toHaveAccessibleDescription('Select all that apply.');
  });

  it('shows per-answer feedback once answered, locks the question and never sends it twice', async () => {
    const state = playerState();
    const api = mockPlayer(state, (call) => {
      if (call.method === 'POST' && call.path === ANSWER(7, 11)) {
        // The server keeps the answer: the player read afterwards has it.
        state.course.topics[1]!.questions[0]!.answer = wrongAnswer([1], [0]);
        return new Promise((resolve) =>
          setTimeout(
            () =>
              resolve(
                json({
                  data: {
                    ...wrongAnswer([1], [0]),
                    topic: { id: 2, status: 'available', score: null },
                    attempt: playerAttempt(),
                    assignment: playerAssignment({ progress: 33 }),
                  },
                }),
              ),
            50,
          ),
        );
      }
      return undefined;
    });
    renderPlayer();
    const group = await screen.findByRole('group', { name: /Question 11\?/ });
    const check = within(group.closest('form')!).getByRole('button', { name: 'Check answer' });
    expect(check).toBeDisabled();
    await userEvent.click(within(group).getByRole('radio', { name: 'Click the link' }));
    expect(check).toBeEnabled();
    // Two clicks as fast as a double click: one request.
    fireEvent.click(check);
    fireEvent.click(check);
    expect(await within(group).findByText('Your answer: incorrect')).toBeInTheDocument();
    expect(api.callsTo('POST', ANSWER(7, 11))).toHaveLength(1);
    expect(api.callsTo('POST', ANSWER(7, 11))[0]!.body).toEqual({ choices: [1] });
    expect(api.callsTo('POST', ANSWER(7, 11))[0]!.headers['X-XSRF-TOKEN']).toBe('test-token');

    expect(within(group).getByText('Correct answer')).toBeInTheDocument();
    expect(within(group).getByText('Links in unexpected mail may lead to fake sign-in pages.')).toBeInTheDocument();
    expect(screen.getByText('Not quite: see the correct answer above.')).toBeInTheDocument();
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(group.closest('form')!).queryByRole('button', { name: 'Check answer' })).toBeNull();
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
  });

  it('keeps the last answer and its feedback on screen when it ends the attempt, until the learner asks for the result', async () => {
    const state = playerState();
    const course = state.course;
    state.course = {
      ...course,
      topics: [course.topics[0]!, { ...course.topics[1]!, questions: [course.topics[1]!.questions[0]!] }],
    };
    mockPlayer(state, (call) => {
      if (call.method === 'POST' && call.path === ANSWER(7, 11)) {
        state.course.topics[1]!.questions[0]!.answer = wrongAnswer([1], [0]);
        state.course.topics[1]!.status = 'completed';
        state.attempt = playerAttempt({ status: 'failed', score: 0, finished_at: '2026-03-10T10:00:00.000Z' });
        state.assignment = playerAssignment({ progress: 100 });
        return json({
          data: {
            ...wrongAnswer([1], [0]),
            topic: { id: 2, status: 'completed', score: 0 },
            attempt: state.attempt,
            assignment: state.assignment,
          },
        });
      }
      return undefined;
    });
    renderPlayer();
    const group = await screen.findByRole('group', { name: /Question 11\?/ });
    await userEvent.click(within(group).getByRole('radio', { name: 'Click the link' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await within(group).findByText('Your answer: incorrect')).toBeInTheDocument();
    // The player has been read again since (the attempt is over), and the answer is still on screen.
    await waitFor(() => expect(screen.getByRole('button', { name: 'See your result' })).toBeInTheDocument());
    expect(within(group).getByText('Links in unexpected mail may lead to fake sign-in pages.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See your result' }));
    expect(await screen.findByRole('heading', { name: 'Not passed this time' })).toBeInTheDocument();
  });

  it('marks a text topic as read once and opens the next topic', async () => {
    const state = playerState();
    state.course.topics[1] = { ...state.course.topics[1]!, status: 'completed', questions: [] };
    state.course.topics[2] = { ...state.course.topics[2]!, status: 'available' };
    const api = mockPlayer(state, (call) => {
      if (call.method === 'POST' && call.path === COMPLETE(7, 3)) {
        state.course.topics[2]!.status = 'completed';
        state.attempt = playerAttempt({ status: 'passed', score: 100, finished_at: '2026-03-10T10:00:00.000Z' });
        state.assignment = playerAssignment({
          status: 'completed',
          progress: 100,
          score: 100,
          completed_at: '2026-03-10T10:00:00.000Z',
          certificate_available: true,
          can_start: false,
        });
        return json({
          data: {
            topic: { id: 3, status: 'completed', score: null },
            attempt: state.attempt,
            assignment: state.assignment,
          },
        });
      }
      return undefined;
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'What to do next' })).toBeInTheDocument();
    const done = screen.getByRole('button', { name: 'Mark as read and continue' });
    fireEvent.click(done);
    fireEvent.click(done);
    // The last topic done: the result, with the certificate.
    expect(await screen.findByRole('heading', { name: 'You passed: course completed' })).toBeInTheDocument();
    expect(api.callsTo('POST', COMPLETE(7, 3))).toHaveLength(1);
    expect(api.callsTo('POST', COMPLETE(7, 3))[0]!.body).toEqual({});
    expect(screen.getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
  });

  it('shows a failed attempt against the pass mark and starts the retake', async () => {
    const failed = playerState({
      attempt: playerAttempt({ status: 'failed', score: 50, finished_at: '2026-03-10T10:00:00.000Z' }),
    });
    let current = failed;
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.path === PLAYER(42)) return json({ data: current });
      if (call.path === '/api/v3/my/assignments') return json({ data: [] });
      if (call.method === 'POST' && call.path === ATTEMPTS(42)) {
        const attempt = playerAttempt({ id: 8, attempt: 2 });
        const assignment = playerAssignment({ attempts_used: 2 });
        current = playerState({
          attempt,
          assignment,
          course: {
            ...failed.course,
            topics: failed.course.topics.map((t, i) => ({ ...t, status: i === 0 ? 'available' : 'locked' })),
          },
        });
        return json({ data: { attempt, assignment } }, 201);
      }
      return undefined;
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Not passed this time' })).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your score: 50%, pass mark 80%' })).toBeInTheDocument();
    expect(screen.getByText('2 attempts left of 3.')).toBeInTheDocument();
    await userEvent.dblClick(screen.getByRole('button', { name: 'Retake the course' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Why phishing works' })).toBeInTheDocument();
    expect(api.callsTo('POST', ATTEMPTS(42))).toHaveLength(1);
    expect(screen.getByText('Attempt 2 of 3')).toBeInTheDocument();
  });

  it('says so when no attempts are left', async () => {
    mockPlayer(
      playerState({
        attempt: playerAttempt({ attempt: 3, status: 'failed', score: 40 }),
        assignment: playerAssignment({ attempts_used: 3, can_start: false }),
      }),
    );
    renderPlayer();
    expect(
      await screen.findByText('You have used all your attempts at this course. Ask your manager if you need another.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retake/i })).toBeNull();
  });

  it('introduces a course not started yet and starts it', async () => {
    const state = playerState({
      attempt: null,
      assignment: playerAssignment({ status: 'not_started', attempts_used: 0 }),
      course: { ...playerState().course, topics: [topic(1, { status: 'available' }), topic(2)] },
    });
    mockPlayer(state);
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Ready when you are' })).toBeInTheDocument();
    expect(screen.getByText('Pass mark 80% over the questions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
    // Outside an attempt, no topic opens from the outline.
    for (const item of within(outline()).getAllByRole('button')) expect(item).toBeDisabled();
  });

  it('puts the contents behind a toggle on a phone', async () => {
    screenWidth(390);
    mockPlayer(playerState());
    renderPlayer();
    const toggle = await screen.findByRole('button', { name: 'Course contents · 1 of 3 done' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const opened = await screen.findByRole('navigation', { name: 'Course contents' });
    await userEvent.click(within(opened).getByRole('button', { name: /Why phishing works/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Why phishing works' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('tells the learner when the course is not theirs', async () => {
    mockApi((call) =>
      call.path === PLAYER(42) ? json({ error: { message: 'Assignment not found.' } }, 404) : undefined,
    );
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/'));
  });
});
