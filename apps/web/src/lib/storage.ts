import { STORAGE_PREFIX } from '@heed/contract';

/** Every browser-storage key the web app uses, under the product prefix (spec §9). */
export const STORAGE_KEYS = {
  /** local: the browser-stored preference object, `{"darkmode": …}` (spec §3); public/color-scheme.js reads it too. */
  preferences: `${STORAGE_PREFIX}preferences`,
  /** session: the company a site admin acts on in this window; sent as X-Company-ID (spec §4, §6). */
  company: `${STORAGE_PREFIX}company`,
  /** local: the company a site admin chose last, in any window; the fallback for a new window. */
  lastCompany: `${STORAGE_PREFIX}last-company`,
  /** session: the flash message waiting for the next route change (spec §4). */
  flash: `${STORAGE_PREFIX}flash`,
  /** local: a site admin put away the note that client companies hold the data (their own company is shown). */
  ownCompanyNoteDismissed: `${STORAGE_PREFIX}own-company-note-dismissed`,
  /** local: this browser was signed in when last asked; a route starts its data requests beside the session check. */
  signedIn: `${STORAGE_PREFIX}signed-in`,
  /** session: when the page last reloaded after a failed chunk load (spec §8), against reload loops. */
  chunkReload: `${STORAGE_PREFIX}chunk-reload`,
} as const;

type Area = 'localStorage' | 'sessionStorage';

/** Web storage that never throws (private mode, disabled storage): the value then lives for this page only. */
function area(name: Area) {
  const store = (): Storage | null => {
    try {
      return window[name];
    } catch {
      return null;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store()?.setItem(key, value);
      } catch {
        // Storage full or unavailable.
      }
    },
    remove(key: string): void {
      try {
        store()?.removeItem(key);
      } catch {
        // Storage unavailable: nothing to remove.
      }
    },
    /** Every key of this area, for clearing by prefix. */
    keys(): string[] {
      try {
        const s = store();
        return s ? Array.from({ length: s.length }, (_, i) => s.key(i)).filter((key) => key !== null) : [];
      } catch {
        return [];
      }
    },
  };
}

/** Local storage (kept across windows and restarts). */
export const storage = area('localStorage');
/** Session storage (this window only). */
export const sessionStore = area('sessionStorage');

/**
 * Forgets everything the product stored in this browser (sign-out): every key under the product
 * prefix in both areas, except the browser's preference object (dark mode), which belongs to the browser rather than the user.
 */
export function clearProductStorage(): void {
  for (const store of [storage, sessionStore]) {
    for (const key of store.keys()) {
      if (key.startsWith(STORAGE_PREFIX) && key !== STORAGE_KEYS.preferences) store.remove(key);
    }
  }
}
