import type { Company } from '@heed/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleSessionProvider, type SessionUser } from '../../lib/console-session.tsx';
import { theme } from '../../lib/theme.ts';
import { makeCompany } from '../../test/company-fixture.ts';
import { RouteEffects } from './route-effects.tsx';

const company: Company = makeCompany();

const user: SessionUser = {
  id: 1,
  username: 'reviewer',
  email: null,
  first_name: 'Rita',
  last_name: 'Reviewer',
  role: 3,
  site_admin: false,
  suspended: false,
  company,
  impersonator: null,
};

/** RouteEffects reads the matched routes, so it needs a data router (test/render.tsx brings a plain one). */
function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <RouteEffects />, handle: { title: 'Users' } }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications transitionDuration={0} />
      <ConsoleSessionProvider session={{ user, company }}>
        <RouterProvider router={router} />
      </ConsoleSessionProvider>
    </MantineProvider>,
  );
  return router;
}

/** Lets the notice's (instant, in tests) exit transition finish. */
function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  for (let round = 0; round < 3; round += 1) act(() => vi.advanceTimersByTime(0));
}

const PASSWORD_CHANGED = 'Password has been changed successfully.';

describe('after a password reset (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom does not scroll the window
  });

  it('says the password has been changed for 10 s, and drops the query parameter', () => {
    const router = renderAt('/users?password_reset=1');
    expect(screen.getByText(PASSWORD_CHANGED)).toBeVisible();
    expect(router.state.location.search).toBe('');

    advance(10000 - 1);
    expect(screen.getByText(PASSWORD_CHANGED)).toBeVisible();
    advance(1);
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
  });

  it('says nothing on an ordinary visit', () => {
    renderAt('/users');
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
  });
});
