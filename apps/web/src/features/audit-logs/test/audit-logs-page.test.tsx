import type { AuditLogEntry } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import AuditLogsPage from '../pages/audit-logs-page.tsx';

const AUDIT = '/api/v3/audit-logs';

function entry(id: number): AuditLogEntry {
  return {
    id,
    created_at: new Date(Date.UTC(2026, 2, 1, 12) - id * 60_000).toISOString(),
    actor: { id: 7, name: 'Cora Manning', username: 'cora' },
    actor_id: 7,
    impersonated_by: id === 1 ? { id: 1, name: 'Site Admin', username: 'admin' } : null,
    company: { id: 2, name: 'Acme' },
    action: 'user.update',
    entity_type: 'user',
    entity_id: String(100 + id),
    changes: [{ field: 'department_id', before: '4', after: '9' }],
    before: { department_id: 4 },
    after: { department_id: 9 },
    ip: '203.0.113.7',
  };
}

/** 30 entries newest first, served 25 at a time by cursor "p2". */
function auditApi(entries = Array.from({ length: 30 }, (_, i) => entry(i + 1))) {
  return mockApi((call: ApiCall) => {
    if (call.path === '/api/v3/courses')
      return json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 500, total: 0 } });
    if (call.path !== AUDIT) return undefined;
    const second = call.query.get('cursor') === 'p2';
    const data = second ? entries.slice(25) : entries.slice(0, 25);
    return json({ data, meta: { per_page: 25, next_cursor: !second && entries.length > 25 ? 'p2' : null } });
  });
}

const table = () => screen.getByRole('table', { name: 'Audit log' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('the audit log page', { timeout: 60_000 }, () => {
  it('shows who did what, newest first, and pages older and newer by cursor', async () => {
    const api = auditApi();
    renderAt('/history/audit', <AuditLogsPage />, '/history/audit');
    expect(await screen.findByText('Entries 1–25')).toBeInTheDocument();
    const first = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first).toEqual([
      '1 Mar 2026, 11:59:00 UTC',
      'Cora Manning',
      'Site Admin',
      'Acme',
      'user.update',
      'user #101',
      'department_id',
      '203.0.113.7',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entries 26–30')).toBeInTheDocument();
    expect(api.calls.at(-1)!.query.get('cursor')).toBe('p2');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Entries 1–25')).toBeInTheDocument();
  });

  it('opens an entry as a before/after diff and narrows the list to its actor', async () => {
    const api = auditApi();
    renderAt('/history/audit', <AuditLogsPage />, '/history/audit');
    await screen.findByText('Entries 1–25');
    await userEvent.click(within(bodyRows()[1]!).getAllByRole('cell')[0]!);
    const diff = await screen.findByRole('table', { name: 'Changes' });
    const cells = within(within(diff).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['department_id', '4', '9']);
    expect(screen.getByText('Cora Manning (cora)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All changes by this actor' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('field[actor_id]')).toBe('7'));
    expect(api.calls.at(-1)!.query.get('cursor')).toBeNull();
  });

  it('keeps its search and filters in the address, so a link opens the same view', async () => {
    const api = auditApi();
    const view = renderAt('/history/audit?text=ann&field[action]=user.update', <AuditLogsPage />, '/history/audit');
    await screen.findByText('Entries 1–25');
    expect(api.calls[0]!.query.get('text')).toBe('ann');
    expect(api.calls[0]!.query.get('field[action]')).toBe('user.update');
    expect(screen.getByLabelText('Search the audit log')).toHaveValue('ann');
    await userEvent.click(within(bodyRows()[0]!).getAllByRole('cell')[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'All changes by this actor' }));
    await waitFor(() =>
      expect(view.address()).toBe('/history/audit?text=ann&field[action]=user.update&field[actor_id]=7'),
    );
    // Paging stays out of the address: a link always opens on the newest entries.
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('cursor')).toBe('p2'));
    expect(view.address()).toBe('/history/audit?text=ann&field[action]=user.update&field[actor_id]=7');
  });

  it('explains an empty log', async () => {
    auditApi([]);
    renderAt('/history/audit', <AuditLogsPage />, '/history/audit');
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });
});
