import {
  ASSESSMENT_MESSAGES,
  type AssessmentCourseRow,
  type EpisodeSummary,
  type QuestionAnalysis,
} from '@heed/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';
import AssessmentPage from '../pages/assessment-page.tsx';
import EpisodesPage from '../pages/episodes-page.tsx';

const COURSES = '/api/v3/reports/assessments/course-summary';
const EPISODES = '/api/v3/reports/assessments/episode-summary';

function session(questionReports: boolean): ConsoleSession {
  const company = makeCompany({ question_reports: questionReports });
  return {
    company,
    user: {
      id: 1,
      username: 'cm',
      email: null,
      first_name: 'C',
      last_name: 'M',
      role: 1,
      site_admin: false,
      suspended: false,
      impersonator: null,
      company,
    } as unknown as ConsoleSession['user'],
  };
}

const render = (url: string, element: React.ReactElement, path: string, questionReports = true) =>
  renderAt(url, <ConsoleSessionProvider session={session(questionReports)}>{element}</ConsoleSessionProvider>, path);

const courseRow: AssessmentCourseRow = {
  course: { id: 5, name: 'Fire Safety' },
  passing_score: 80,
  learners: 12,
  attempts: 15,
  average_score: 81.5,
  pass_rate: 0.8,
  learner_pass_rate: 0.917,
  questions_answered: 60,
  facility: 0.75,
};

const question = (id: number, facility: number, flag: QuestionAnalysis['flag']): QuestionAnalysis => ({
  question: { id, prompt: `Question ${id}`, type: 'single' },
  topic: { id: 1, name: 'Exits' },
  answers: 10,
  correct: facility * 10,
  facility,
  discrimination: flag === 'negative_discrimination' ? -0.4 : 0.5,
  flag,
  options: [
    { index: 0, text: 'Stairs', correct: true, count: facility * 10, share: facility },
    { index: 1, text: 'Lift', correct: false, count: 10 - facility * 10, share: 1 - facility },
  ],
});

const summary: EpisodeSummary = {
  course: { id: 5, name: 'Fire Safety' },
  learners: 12,
  attempts: 15,
  average_score: 81.5,
  pass_rate: 0.8,
  discrimination_method: 'point_biserial',
  topics: [
    {
      topic: { id: 1, name: 'Exits' },
      answers: 20,
      facility: 0.5,
      questions: [question(1, 0.2, 'negative_discrimination'), question(2, 0.8, null)],
    },
  ],
  hardest: [question(1, 0.2, 'negative_discrimination')],
};

describe('the assessment report pages', { timeout: 60_000 }, () => {
  it('show per course learners, attempts, average score and pass rate, with links to learners and topics', async () => {
    mockApi((call) => (call.path === COURSES ? json({ data: [courseRow] }) : undefined));
    render('/assessment', <AssessmentPage />, '/assessment');
    const table = await screen.findByRole('table', { name: 'Question results per course' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['Fire Safety', '12', '15', '81.5', '80%', '75%']);
    expect(screen.getByRole('link', { name: 'Topics' })).toHaveAttribute('href', '/assessment/episodes?course_id=5');
    expect(screen.getByRole('link', { name: 'Learners' })).toHaveAttribute('href', '/assessment/learners?course_id=5');
  });

  it('say so, and ask nothing, when the company has no question reports', async () => {
    const api = mockApi(() => undefined);
    render('/assessment', <AssessmentPage />, '/assessment', false);
    expect(await screen.findByText(new RegExp(ASSESSMENT_MESSAGES.disabled))).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("show the server's refusal", async () => {
    mockApi((call) =>
      call.path === COURSES ? json({ error: { message: ASSESSMENT_MESSAGES.disabled } }, 403) : undefined,
    );
    render('/assessment', <AssessmentPage />, '/assessment');
    expect(await screen.findByText(ASSESSMENT_MESSAGES.disabled)).toBeInTheDocument();
  });

  it('show the hardest questions with their flag, facility, discrimination and answer bars', async () => {
    const api = mockApi((call) => {
      if (call.path === COURSES) return json({ data: [courseRow] });
      if (call.path === EPISODES) return json({ data: summary });
      return undefined;
    });
    render('/assessment/episodes?course_id=5', <EpisodesPage />, '/assessment/episodes');
    const hardest = await screen.findByRole('region', { name: 'Hardest questions' });
    expect(within(hardest).getByText('Question 1')).toBeInTheDocument();
    expect(within(hardest).getByText('Strong learners miss it')).toBeInTheDocument();
    expect(within(hardest).getByText('-0.40')).toBeInTheDocument();
    expect(within(hardest).getByRole('progressbar', { name: 'Lift: 80% of answers' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Exits' })).toBeInTheDocument();
    expect(api.callsTo('GET', EPISODES)[0]!.query.get('course_id')).toBe('5');
  });
});
