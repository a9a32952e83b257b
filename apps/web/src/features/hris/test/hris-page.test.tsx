import { CSRF_HEADER, type ProvisioningLogEntry, type ScimToken } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import HrisPage from '../pages/hris-page.tsx';

const TOKENS = '/api/v3/scim/tokens';
const LOG = '/api/v3/scim/log';
const BASE_URL = 'https://heed.example.com/scim/v2';
const SECRET = 'heed_scim_3q2-7wEXAMPLEsecretEXAMPLEsecretEXAMPLEsec';

const token = (id: number, name: string, extra: Partial<ScimToken> = {}): ScimToken => ({
  id,
  name,
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'Site Admin',
  last_used_at: null,
  revoked_at: null,
  ...extra,
});

const entry = (id: number, operation: string, status: number, display: string): ProvisioningLogEntry => ({
  id,
  created_at: new Date(Date.UTC(2026, 10, 20, 12) - id * 60_000).toISOString(),
  method: operation.endsWith('create') ? 'POST' : 'GET',
  path: '/scim/v2/Users',
  status,
  operation,
  resource_type: 'User',
  resource_id: String(id),
  display,
  detail: status >= 400 ? 'userName is taken' : null,
});

const emptyLog = () => json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });

/** The tokens API over an in-memory list, as the server keeps it (the secret is answered once, on creation). */
function tokensApi(tokens: ScimToken[], log: (call: ApiCall) => Response = emptyLog) {
  return mockApi((call) => {
    if (call.path === LOG) return log(call);
    if (call.method === 'GET' && call.path === TOKENS) return json({ data: tokens, base_url: BASE_URL });
    if (call.method === 'POST' && call.path === TOKENS) {
      const name = (call.body as { name: string }).name;
      if (tokens.some((t) => t.name === name))
        return json({ error: { message: 'Invalid input.', details: { name: ['A token has this name.'] } } }, 422);
      const created = token(tokens.length + 1, name);
      tokens.push(created);
      return json({ data: { ...created, token: SECRET } }, 201);
    }
    const revoked = /^\/api\/v3\/scim\/tokens\/(\d+)$/.exec(call.path);
    if (call.method === 'DELETE' && revoked) {
      const index = tokens.findIndex((t) => t.id === Number(revoked[1]));
      tokens[index] = { ...tokens[index]!, revoked_at: '2026-11-21T08:00:00.000Z' };
      return json({ data: tokens[index] });
    }
    return undefined;
  });
}

const render = () => renderAt('/settings/hris', <HrisPage />, '/settings/hris');

describe('HRIS Integration', { timeout: 120_000 }, () => {
  it('creates a token and shows its secret once, then only its name', async () => {
    const api = tokensApi([]);
    render();
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
    expect(screen.getByLabelText('SCIM base URL')).toHaveValue(BASE_URL);

    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    let dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Okta production');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    dialog = await screen.findByRole('dialog', { name: 'Token created' });
    expect(within(dialog).getByText('Copy the token now')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Token')).toHaveValue(SECRET);
    expect(api.callsTo('POST', TOKENS).map((call) => call.body)).toEqual([{ name: 'Okta production' }]);
    // A mutation sends the CSRF token the server set.
    expect(api.callsTo('POST', TOKENS)[0]?.headers[CSRF_HEADER]).toBe('test-token');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('Okta production')).closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    // The secret is gone with the dialog: nothing on the page holds it any more.
    expect(document.body.innerHTML).not.toContain(SECRET);

    // A new token starts from an empty form, not from the last secret.
    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows the server’s refusal of a name on the field', async () => {
    tokensApi([token(1, 'Entra ID')]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Entra ID');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('A token has this name.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a token after confirmation', async () => {
    const api = tokensApi([
      token(1, 'Okta production', { last_used_at: '2026-11-21T07:00:00.000Z' }),
      token(2, 'Workday'),
    ]);
    render();
    const row = (await screen.findByText('Okta production')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(within(dialog).getByText(/Calls with “Okta production” will be refused/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(within(row).getByText(/^Revoked/)).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `${TOKENS}/1`)).toHaveLength(1);
    const other = screen.getByText('Workday').closest('tr')!;
    expect(within(other).getByText('Active')).toBeInTheDocument();
  });

  it('filters the provisioning log by operation and result, and clears the filters', async () => {
    const entries = [
      entry(1, 'users.create', 201, 'ann@acme.test'),
      entry(2, 'users.create', 409, 'bob@acme.test'),
      entry(3, 'users.list', 200, 'filter'),
    ];
    const api = tokensApi([token(1, 'Okta production')], (call) => {
      const operation = call.query.get('operation');
      const result = call.query.get('result');
      const data = entries.filter(
        (e) =>
          (!operation || e.operation === operation) &&
          (!result || (result === 'failure' ? e.status >= 400 : e.status < 400)),
      );
      const shown = operation === 'users.delete' ? [] : data;
      return json({ data: shown, meta: { current_page: 1, last_page: 1, per_page: 25, total: shown.length } });
    });
    render();
    const log = () => screen.getByText('Provisioning log').closest('.mantine-Paper-root') as HTMLElement;
    expect(await screen.findByText('bob@acme.test')).toBeInTheDocument();
    expect(within(log()).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('userName is taken')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Operation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Create user' }));
    await waitFor(() => expect(within(log()).getAllByRole('row')).toHaveLength(3));
    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Refused or failed' }));
    await waitFor(() => expect(within(log()).getAllByRole('row')).toHaveLength(2));
    expect(within(log()).getByText('bob@acme.test')).toBeInTheDocument();

    const queries = api.callsTo('GET', LOG).map((call) => Object.fromEntries(call.query));
    expect(queries.at(-1)).toEqual({ page: '1', per_page: '25', operation: 'users.create', result: 'failure' });
    expect(queries.some((q) => q.operation === 'users.create' && !q.result)).toBe(true);

    // No match: the filtered empty state offers to clear them.
    await userEvent.click(screen.getByRole('combobox', { name: 'Operation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Delete user' }));
    expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('ann@acme.test')).toBeInTheDocument();
    expect(within(log()).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Operation' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('');
  });
});
