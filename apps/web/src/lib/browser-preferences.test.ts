import { beforeEach, describe, expect, test, vi } from 'vitest';
import { darkmodeColorSchemeManager, readBrowserPreferences } from './browser-preferences.ts';

beforeEach(() => window.localStorage.clear());

const stored = () => window.localStorage.getItem('heed.preferences');

describe('the browser-stored preference object (spec §3, §9)', () => {
  test('dark and light are kept as its darkmode flag under the product key', () => {
    const manager = darkmodeColorSchemeManager();
    manager.set('dark');
    expect(JSON.parse(stored()!)).toEqual({ darkmode: true });
    expect(manager.get('auto')).toBe('dark');
    manager.set('light');
    expect(JSON.parse(stored()!)).toEqual({ darkmode: false });
    expect(manager.get('auto')).toBe('light');
  });

  test('no flag follows the system: "auto" drops the flag and keeps the rest of the object', () => {
    window.localStorage.setItem('heed.preferences', JSON.stringify({ darkmode: true, other: 1 }));
    const manager = darkmodeColorSchemeManager();
    manager.set('auto');
    expect(JSON.parse(stored()!)).toEqual({ other: 1 });
    expect(manager.get('auto')).toBe('auto');
    manager.set('dark');
    manager.clear();
    expect(JSON.parse(stored()!)).toEqual({ other: 1 });
  });

  test('a stored value that is no object, or no JSON, reads as no preference', () => {
    const manager = darkmodeColorSchemeManager();
    for (const junk of ['not json', '[true]', 'null', '"dark"', '{"darkmode":"yes"}']) {
      window.localStorage.setItem('heed.preferences', junk);
      expect(manager.get('auto')).toBe('auto');
    }
    window.localStorage.setItem('heed.preferences', 'not json');
    expect(readBrowserPreferences()).toEqual({});
  });

  test("another window's change is followed", () => {
    const manager = darkmodeColorSchemeManager();
    const onUpdate = vi.fn();
    manager.subscribe(onUpdate);
    window.localStorage.setItem('heed.preferences', '{"darkmode":true}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'heed.preferences' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'heed.company' }));
    manager.unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'heed.preferences' }));
    expect(onUpdate.mock.calls).toEqual([['dark']]);
  });
});
