import { type Company, MESSAGES, ROLE } from '@heed/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Me, meQueryKey } from '../../features/auth/api/get-me.ts';
import { companyQueryKey } from '../../features/companies/api/get-company.ts';
import { setCompanyHeader } from '../../lib/api-client.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import { act, render, screen } from '../../test/render.tsx';
import { makeCompany } from '../../test/company-fixture.ts';
import { loadSession } from './session.ts';

const company = (id: number, name: string): Company => makeCompany({ id, name });

const siteAdmin: Me = {
  id: 1,
  username: 'admin',
  email: null,
  first_name: 'Site',
  last_name: 'Admin',
  role: ROLE.CompanyManager,
  site_admin: true,
  suspended: false,
  company: { id: 2 },
  impersonator: null,
};

/** Lets the notice's (instant, in tests) exit transition finish. */
function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  for (let round = 0; round < 3; round += 1) act(() => vi.advanceTimersByTime(0));
}

describe('the start-up company (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<div />);
  });

  afterEach(() => {
    companyStorage.forget();
    setCompanyHeader(null);
  });

  it('tells a site admin for 10 s that the console went back to the company they chose last', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQueryKey, siteAdmin);
    queryClient.setQueryData(companyQueryKey(2), company(2, 'Heed HQ'));
    queryClient.setQueryData(companyQueryKey(7), company(7, 'Cedar Clinics'));
    companyStorage.choose(7);
    sessionStorage.clear(); // a new window: a last company, no current one

    let session: Awaited<ReturnType<typeof loadSession>> | undefined;
    await act(async () => {
      session = await loadSession(queryClient, new Request('http://localhost/admin/users'));
    });
    expect(session?.company.name).toBe('Cedar Clinics');

    const text = 'Automatically changed to last company selected: Cedar Clinics';
    expect(MESSAGES.autoChangedCompany('Cedar Clinics')).toBe(text);
    expect(screen.getByText(text)).toBeVisible();
    advance(10000 - 1);
    expect(screen.getByText(text)).toBeVisible();
    advance(1);
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
