import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each(['/admin', '/admin/users?edit=3', '/admin/users#top', '/', '/%09/evil.test'])('keeps the path %j', (path) => {
    expect(safeRedirect(path, '/fallback')).toBe(path);
  });

  it.each([
    undefined,
    '',
    'https://evil.test/',
    'admin',
    '//evil.test',
    '/\\evil.test',
    '\\/evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r/evil.test',
    '/ /evil.test',
    ' /evil.test',
    '/\u0000/evil.test',
    '/\u007f/evil.test',
    'javascript:alert(1)',
    '/\t\t/evil.test',
  ])('sends %j, which a browser would take off the site, to the fallback', (target) => {
    expect(safeRedirect(target, '/fallback')).toBe('/fallback');
  });
});
