import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * The browser-stored preference object (spec §3): `{"darkmode": true}` under the product key in local
 * storage. No flag means "follow the system's colour scheme" (spec §9). public/color-scheme.js reads
 * the same object before the first paint.
 */
export interface BrowserPreferences {
  darkmode?: boolean;
}

export function readBrowserPreferences(): BrowserPreferences {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.preferences) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as BrowserPreferences)
      : {};
  } catch {
    return {};
  }
}

function writeBrowserPreferences(preferences: BrowserPreferences): void {
  storage.set(STORAGE_KEYS.preferences, JSON.stringify(preferences));
}

const schemeOf = (preferences: BrowserPreferences): MantineColorScheme | null =>
  typeof preferences.darkmode === 'boolean' ? (preferences.darkmode ? 'dark' : 'light') : null;

/** Mantine's colour scheme, kept as the preference object's darkmode flag ("auto" drops the flag). */
export function darkmodeColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => schemeOf(readBrowserPreferences()) ?? defaultValue,
    set: (value) => {
      const { darkmode: _previous, ...rest } = readBrowserPreferences();
      writeBrowserPreferences(value === 'auto' ? rest : { ...rest, darkmode: value === 'dark' });
    },
    // Another window changed the preference: follow it.
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key !== STORAGE_KEYS.preferences) return;
        onUpdate(schemeOf(readBrowserPreferences()) ?? 'auto');
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => {
      const { darkmode: _previous, ...rest } = readBrowserPreferences();
      writeBrowserPreferences(rest);
    },
  };
}
