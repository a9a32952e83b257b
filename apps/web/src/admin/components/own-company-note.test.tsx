import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider } from '../../lib/console-session.tsx';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { makeCompany } from '../../test/company-fixture.ts';
import { OwnCompanyNote } from './own-company-note.tsx';

const HEED = makeCompany({ id: 1, name: 'Heed' });
const ACME = makeCompany({ id: 2, name: 'Acme Manufacturing', user_count: 1500 });

function sessionIn(company: typeof HEED, siteAdmin = true): ConsoleSession {
  return {
    user: {
      id: 1,
      username: 'admin',
      email: 'admin@heed.test',
      first_name: 'Site',
      last_name: 'Admin',
      role: 1,
      site_admin: siteAdmin,
      suspended: false,
      impersonator: null,
      company: HEED,
    },
    company,
  };
}

const render = (session: ConsoleSession) =>
  renderAt(
    '/',
    <ConsoleSessionProvider session={session}>
      <OwnCompanyNote />
    </ConsoleSessionProvider>,
    '/',
  );

const companiesApi = () =>
  mockApi((call) =>
    call.method === 'GET' && call.path === '/api/v3/companies'
      ? json({ data: [HEED, ACME], meta: { current_page: 1, last_page: 1, per_page: 25, total: 2 } })
      : undefined,
  );

afterEach(() => {
  storage.remove(STORAGE_KEYS.ownCompanyNoteDismissed);
  sessionStorage.removeItem(STORAGE_KEYS.company);
  vi.unstubAllGlobals();
});

describe('the own-company note', () => {
  it('tells a site admin in their own company where the client data is, and switches to a client', async () => {
    companiesApi();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(sessionIn(HEED));
    expect(await screen.findByText('You are in Heed, your own company')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Acme Manufacturing (1,500 people)' }));
    expect(sessionStorage.getItem(STORAGE_KEYS.company)).toBe('2');
    expect(reload).toHaveBeenCalled();
  });

  it('stays hidden once put away, and for anyone acting on a client company', async () => {
    const api = companiesApi();
    const view = render(sessionIn(HEED));
    await userEvent.click(await screen.findByRole('button', { name: 'Hide this note' }));
    await waitFor(() => expect(screen.queryByTestId('own-company-note')).toBeNull());
    view.unmount();
    render(sessionIn(HEED));
    render(sessionIn(ACME));
    render(sessionIn(HEED, false));
    expect(screen.queryByTestId('own-company-note')).toBeNull();
    expect(api.callsTo('GET', '/api/v3/companies')).toHaveLength(1);
  });
});
