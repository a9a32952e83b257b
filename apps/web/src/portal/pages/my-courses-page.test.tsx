import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, mockApi, pendingUntilAborted, renderAt } from '../../components/list-page/testing.tsx';
import {
  ASSIGNMENTS,
  ME,
  MY_ASSIGNMENTS,
  MY_HISTORY,
  TODAY,
  historyPage,
} from '../../features/learning/test/my-courses-fixtures.ts';
import { fireEvent, screen, userEvent, waitFor, within } from '../../test/render.tsx';
import { MyCoursesPage } from './my-courses-page.tsx';

type Answer = (call: ApiCall) => Response | Promise<Response>;

function mockMyApi({
  assignments = () => json({ data: ASSIGNMENTS }),
  history = (call: ApiCall) => json(historyPage(Number(call.query.get('page') ?? 1), 3)),
}: {
  assignments?: Answer;
  history?: Answer;
} = {}) {
  return mockApi((call) => {
    if (call.path === '/api/v3/me') return json({ data: ME });
    if (call.path === MY_ASSIGNMENTS) return assignments(call);
    if (call.path === MY_HISTORY) return history(call);
    return undefined;
  });
}

const renderPage = () => renderAt('/', <MyCoursesPage />, '/');
const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => vi.useRealTimers());

describe('My Courses', () => {
  it("groups the learner's courses in the API's order with status, due wording, duration and progress", async () => {
    mockMyApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Courses' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Data Protection (GDPR)' });

    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['To do (3)', 'Expired certificates (1)', 'Completed (1)', 'Completion history']);
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(
      ['Data Protection (GDPR)', 'Fire Safety', 'Phishing Awareness', 'Forklift Operation', 'Code of Conduct'],
    );

    const gdpr = card('Data Protection (GDPR)');
    expect(within(gdpr).getByText('Overdue')).toBeInTheDocument();
    expect(within(gdpr).getByText('Overdue by 2 days')).toBeInTheDocument();
    expect(within(gdpr).getByText('25 min')).toBeInTheDocument();
    const bar = within(gdpr).getByRole('progressbar', { name: 'Progress in Data Protection (GDPR)' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');

    expect(within(card('Fire Safety')).getByText('Due in 3 days')).toBeInTheDocument();
    expect(within(card('Fire Safety')).getByText('In progress')).toBeInTheDocument();
    expect(within(card('Phishing Awareness')).getByText('Due today')).toBeInTheDocument();
    expect(within(card('Phishing Awareness')).getByText('Not started')).toBeInTheDocument();
    expect(within(card('Forklift Operation')).getByText('Expired 1 Feb 2026')).toBeInTheDocument();

    const conduct = card('Code of Conduct');
    expect(within(conduct).getByText('Completed 2 Mar 2026')).toBeInTheDocument();
    expect(within(conduct).getByText('1 h 35 min')).toBeInTheDocument();
    expect(conduct).toHaveTextContent('Score 92% · pass mark 80%');
    expect(within(conduct).getByText('Valid until 2 Mar 2027')).toBeInTheDocument();
    expect(within(conduct).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('gives every card its next step: Start, Continue, Start again, Review and the certificate', async () => {
    mockMyApi();
    renderPage();
    await screen.findByRole('article', { name: 'Fire Safety' });
    const actions = (name: string) =>
      within(card(name))
        .queryAllByRole('link')
        .concat(within(card(name)).queryAllByRole('button'))
        .map((element) => [element.textContent, element.getAttribute('aria-label')]);
    expect(actions('Data Protection (GDPR)')).toEqual([['Continue', 'Continue Data Protection (GDPR)']]);
    expect(actions('Fire Safety')).toEqual([['Continue', 'Continue Fire Safety']]);
    expect(actions('Phishing Awareness')).toEqual([['Start', 'Start Phishing Awareness']]);
    expect(actions('Forklift Operation')).toEqual([['Start again', 'Start again Forklift Operation']]);
    expect(actions('Code of Conduct')).toEqual([
      ['Review', 'Review Code of Conduct'],
      ['Download certificate', 'Download certificate of Code of Conduct'],
    ]);
    const start = within(card('Phishing Awareness')).getByRole('link', { name: 'Start Phishing Awareness' });
    expect(start).toHaveAttribute('href', `/courses/${ASSIGNMENTS[2]!.id}`);
  });

  it('downloads the certificate of a completed course once, however often it is clicked', async () => {
    const conduct = ASSIGNMENTS[4]!;
    const certificate = `/api/v3/my/assignments/${conduct.id}/certificate`;
    const api = mockMyApi();
    const pdf = () =>
      new Promise<Response>((resolve) =>
        setTimeout(
          () =>
            resolve(
              new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
                headers: { 'Content-Disposition': 'attachment; filename="certificate.pdf"' },
              }),
            ),
          30,
        ),
      );
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (String(input).endsWith(certificate) ? pdf() : answer(input, init)));
    const createObjectURL = vi.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    const button = await within(await screen.findByRole('article', { name: 'Code of Conduct' })).findByRole('button', {
      name: 'Download certificate of Code of Conduct',
    });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith(certificate))).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.calls.length).toBeGreaterThan(0);
  });

  it('shows why a certificate could not be downloaded', async () => {
    const conduct = ASSIGNMENTS[4]!;
    mockApi((call) => {
      if (call.path === '/api/v3/me') return json({ data: ME });
      if (call.path === MY_ASSIGNMENTS) return json({ data: ASSIGNMENTS });
      if (call.path === MY_HISTORY) return json(historyPage(1, 0));
      if (call.path === `/api/v3/my/assignments/${conduct.id}/certificate`)
        return json(
          { error: { message: 'There is no certificate for this assignment: the course is not completed.' } },
          404,
        );
      return undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download certificate of Code of Conduct' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no certificate for this assignment: the course is not completed.',
    );
  });

  it('keeps the empty state for a learner with nothing assigned, and asks for no history', async () => {
    const api = mockMyApi({ assignments: () => json({ data: [] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Completion history' })).toBeNull();
    expect(api.callsTo('GET', MY_HISTORY)).toHaveLength(0);
  });

  it('shows a loading state while the courses load', async () => {
    mockMyApi({ assignments: (call) => pendingUntilAborted(call.signal) });
    renderPage();
    expect(await screen.findByLabelText('Loading your courses')).toHaveAttribute('aria-busy', 'true');
  });

  it('explains a failure and loads again on "Try again"', async () => {
    let fail = true;
    const api = mockMyApi({
      assignments: () =>
        fail ? json({ error: { message: 'The server is busy.' } }, 503) : json({ data: ASSIGNMENTS }),
    });
    renderPage();
    expect(await screen.findByText('Your courses could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Fire Safety' })).toBeInTheDocument();
    expect(api.callsTo('GET', MY_ASSIGNMENTS).length).toBeGreaterThanOrEqual(2);
  });

  it('pages the completion history', async () => {
    const api = mockMyApi({ history: (call) => json(historyPage(Number(call.query.get('page') ?? 1), 23)) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Completion history' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByText('Course 1')).toBeInTheDocument();
    expect(screen.getByText('23 completions')).toBeInTheDocument();
    expect(api.callsTo('GET', MY_HISTORY)[0]!.query.get('per_page')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(within(table).getByText('Course 21')).toBeInTheDocument());
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(api.callsTo('GET', MY_HISTORY).at(-1)!.query.get('page')).toBe('3');
  });
});
