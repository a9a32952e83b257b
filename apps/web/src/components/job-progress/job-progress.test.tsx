import type { Job } from '@heed/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../list-page/testing.tsx';
import { JobProgress } from './job-progress.tsx';

const job = (patch: Partial<Job>): Job => ({
  id: 4,
  type: 'users_import',
  status: 'running',
  progress: 0,
  total: 0,
  result: null,
  error: null,
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  ...patch,
});

/** Answers GET /jobs/4 with each state in turn, then the last one forever. */
function jobAnswers(...states: Partial<Job>[]) {
  let call = 0;
  return mockApi((request) => {
    if (request.path !== '/api/v3/jobs/4') return undefined;
    const state = states[Math.min(call, states.length - 1)]!;
    call += 1;
    return json({ data: job(state) });
  });
}

describe('JobProgress', { timeout: 30_000 }, () => {
  it('polls the job, shows processed of total, and reports the end once', async () => {
    const api = jobAnswers(
      { status: 'queued' },
      { status: 'running', progress: 250, total: 1000 },
      { status: 'completed', progress: 1000, total: 1000, result: { created: 1000 } },
    );
    const onFinished = vi.fn();
    renderAt('/users', <JobProgress jobId={4} label="Importing users" itemsLabel="rows" onFinished={onFinished} />);

    expect(await screen.findByText('Waiting for the worker to start…')).toBeInTheDocument();
    expect(await screen.findByText('250 of 1,000 rows…', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Importing users' })).toHaveAttribute('aria-valuenow', '25');
    expect(await screen.findByText('Done: 1,000 of 1,000 rows.', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    expect(onFinished.mock.calls[0]![0]).toMatchObject({ status: 'completed', result: { created: 1000 } });
    const polls = api.callsTo('GET', '/api/v3/jobs/4').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.callsTo('GET', '/api/v3/jobs/4')).toHaveLength(polls);
  });

  it('says why a failed job stopped', async () => {
    jobAnswers({ status: 'failed', progress: 10, total: 40, error: 'The file could not be read.' });
    const onFinished = vi.fn();
    renderAt('/users', <JobProgress jobId={4} label="Importing users" onFinished={onFinished} />);
    expect(await screen.findByText('The file could not be read.')).toBeInTheDocument();
    expect(screen.getByText('The job failed')).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' })));
  });
});
