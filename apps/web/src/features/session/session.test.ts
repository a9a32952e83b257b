import { describe, expect, test } from 'vitest';
import { logoutAddress } from './logout-address.ts';

const origin = 'https://heed.example';
const company = { logout_url: 'https://intranet.example/bye' };

describe('the logout address (spec §2)', () => {
  test("the company's logout_url, else {host}/login", () => {
    expect(logoutAddress({ site_admin: false, impersonator: null }, company, origin)).toBe(company.logout_url);
    expect(logoutAddress({ site_admin: false, impersonator: null }, { logout_url: null }, origin)).toBe(
      `${origin}/login`,
    );
    expect(logoutAddress({ site_admin: false, impersonator: null }, { logout_url: '' }, origin)).toBe(
      `${origin}/login`,
    );
  });

  test('a site admin always uses the login address, impersonating or not', () => {
    expect(logoutAddress({ site_admin: true, impersonator: null }, company, origin)).toBe(`${origin}/login`);
    expect(logoutAddress({ site_admin: false, impersonator: { username: 'admin' } }, company, origin)).toBe(
      `${origin}/login`,
    );
  });
});
