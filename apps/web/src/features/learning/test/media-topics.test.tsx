import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { fireEvent, screen, userEvent, waitFor } from '../../../test/render.tsx';
import { CoursePlayer } from '../components/player/course-player.tsx';
import { entryAfter } from '../components/player/scorm-runtime.ts';
import { COMPLETE, PLAYER, playerAssignment, playerAttempt, playerState, topic } from './player-fixtures.ts';

const media = (kind: string) => ({
  id: 3,
  kind,
  original_name: kind === 'video' ? 'evacuation.mp4' : 'fire-policy.pdf',
  mime: kind === 'video' ? 'video/mp4' : 'application/pdf',
  size: 1000,
  scorm_version: null,
  title: null,
});

function stateWith(kind: 'video' | 'document') {
  const state = playerState();
  state.course.topics = [
    topic(1, { status: 'completed' }),
    topic(2, {
      name: 'The policy',
      kind,
      content: null,
      media: media(kind),
      content_url: '/content/media/3',
      status: 'available',
    }),
    topic(3),
  ];
  return state;
}

const progress = (status: 'available' | 'completed') => ({
  data: {
    topic: { id: 2, status, score: null },
    attempt: playerAttempt(),
    assignment: playerAssignment({ progress: 67 }),
  },
});

const wide = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) => ({ ...wide(query), matches: /min-width: 62em/.test(query) }) as MediaQueryList;
});
afterEach(() => {
  window.matchMedia = wide;
});

const renderPlayer = () => renderAt('/courses/42', <CoursePlayer assignmentId={42} />, '/courses/:assignmentId');

describe('Media topics', () => {
  it('plays a video and reports how much was watched when it ends', async () => {
    const state = stateWith('video');
    const api = mockApi((call) => {
      if (call.path === PLAYER(42)) return json({ data: state });
      if (call.path === '/api/v3/my/assignments') return json({ data: [] });
      if (call.method === 'POST' && call.path === COMPLETE(7, 2)) {
        state.course.topics[1]!.status = 'completed';
        return json(progress('completed'));
      }
      return undefined;
    });
    const { container } = renderPlayer();
    await screen.findByRole('heading', { level: 2, name: 'The policy' });
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/content/media/3');
    expect(screen.getByText('Watch the video to the end to continue.')).toBeInTheDocument();
    Object.defineProperty(video, 'duration', { value: 120 });
    Object.defineProperty(video, 'played', { value: { length: 1, start: () => 0, end: () => 119.6 } });
    fireEvent.ended(video);
    fireEvent.ended(video);
    expect(await screen.findByText('Watched')).toBeInTheDocument();
    expect(api.callsTo('POST', COMPLETE(7, 2)).map((call) => call.body)).toEqual([
      { watched_seconds: 119.6, duration_seconds: 120 },
    ]);
    expect(screen.getByRole('button', { name: 'Next topic' })).toBeInTheDocument();
  });

  it('shows why a video that was skipped through does not count', async () => {
    mockApi((call) => {
      if (call.path === PLAYER(42)) return json({ data: stateWith('video') });
      if (call.method === 'POST' && call.path === COMPLETE(7, 2))
        return json({ error: { message: 'Watch the video to the end first.' } }, 422);
      return undefined;
    });
    const { container } = renderPlayer();
    await screen.findByRole('heading', { level: 2, name: 'The policy' });
    const video = container.querySelector('video')!;
    Object.defineProperty(video, 'duration', { value: 120 });
    Object.defineProperty(video, 'played', { value: { length: 1, start: () => 100, end: () => 120 } });
    fireEvent.ended(video);
    expect(await screen.findByRole('alert')).toHaveTextContent('Watch the video to the end first.');
  });

  it('shows a policy document and records "I have read and understood" once', async () => {
    const state = stateWith('document');
    const api = mockApi((call) => {
      if (call.path === PLAYER(42)) return json({ data: state });
      if (call.path === '/api/v3/my/assignments') return json({ data: [] });
      if (call.method === 'POST' && call.path === COMPLETE(7, 2)) {
        state.course.topics[1]!.status = 'completed';
        state.course.topics[2]!.status = 'available';
        return json(progress('completed'));
      }
      return undefined;
    });
    renderPlayer();
    await screen.findByRole('heading', { level: 2, name: 'The policy' });
    expect(screen.getByTitle('Document: fire-policy.pdf')).toHaveAttribute('src', '/content/media/3');
    expect(screen.getByRole('link', { name: /Open the document in a new tab/ })).toHaveAttribute(
      'href',
      '/content/media/3',
    );
    const confirm = screen.getByRole('button', { name: 'Confirm and continue' });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read and understood this document' }));
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    // Recorded, and the next topic opens.
    expect(await screen.findByRole('heading', { level: 2, name: 'Topic 3' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', COMPLETE(7, 2))).toHaveLength(1));
    expect(api.callsTo('POST', COMPLETE(7, 2))[0]!.body).toEqual({ acknowledged: true });
  });
});

describe('SCORM entry', () => {
  it('resumes a suspended session, or one closed without an exit that left its place', () => {
    expect(entryAfter(null, '2004')).toBe('ab-initio');
    expect(entryAfter({ exit: 'suspend', location: 'p2' }, '2004')).toBe('resume');
    expect(entryAfter({ exit: '', suspend_data: 'x' }, '2004')).toBe('resume');
    expect(entryAfter({ exit: '' }, '2004')).toBe('ab-initio');
    expect(entryAfter({ exit: 'normal', location: 'p2' }, '2004')).toBe('');
    expect(entryAfter({ core: { exit: 'suspend', lesson_location: 'p2' } }, '1.2')).toBe('resume');
    expect(entryAfter({ core: { exit: 'logout' } }, '1.2')).toBe('');
  });
});
