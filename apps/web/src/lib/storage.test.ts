import { beforeEach, describe, expect, test } from 'vitest';
import { companyStorage } from './company-storage.ts';
import { STORAGE_KEYS, clearProductStorage, sessionStore, storage } from './storage.ts';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('clearProductStorage (spec §4 Logout)', () => {
  test("forgets every 'heed.' key in both areas except the browser's preference object, and nothing else", () => {
    storage.set(STORAGE_KEYS.preferences, '{"darkmode":true}');
    storage.set(STORAGE_KEYS.lastCompany, '3');
    storage.set('heed.users.columns', '[]');
    storage.set('other-app', 'keep');
    sessionStore.set(STORAGE_KEYS.company, '3');
    sessionStore.set(STORAGE_KEYS.flash, '{}');
    clearProductStorage();
    expect({ ...window.localStorage }).toEqual({ 'heed.preferences': '{"darkmode":true}', 'other-app': 'keep' });
    expect({ ...window.sessionStorage }).toEqual({});
  });
});

describe('companyStorage (spec §4 Company selection)', () => {
  test('choosing stores the company as current (this window) and last (every window)', () => {
    companyStorage.choose(7);
    expect(window.sessionStorage.getItem('heed.company')).toBe('7');
    expect(window.localStorage.getItem('heed.last-company')).toBe('7');
    expect([companyStorage.current(), companyStorage.last()]).toEqual([7, 7]);
    companyStorage.forget();
    expect([companyStorage.current(), companyStorage.last()]).toEqual([null, null]);
  });

  test('a stored value that is no company id reads as none', () => {
    for (const junk of ['', '0', '-1', 'abc', '1,2', '99999999999']) {
      window.sessionStorage.setItem('heed.company', junk);
      expect(companyStorage.current()).toBeNull();
    }
  });
});
