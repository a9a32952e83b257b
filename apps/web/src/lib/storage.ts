import { STORAGE_PREFIX } from '@heed/contract';

/** Every local-storage key the web app uses, under the product prefix. */
export const STORAGE_KEYS = {
  /** light | dark | auto; public/color-scheme.js reads the same key before the first paint. */
  colorScheme: `${STORAGE_PREFIX}color-scheme`,
  /** The company a site admin acts on; sent as X-Company-ID. */
  company: `${STORAGE_PREFIX}company`,
} as const;

/** Local storage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage unavailable: nothing to remove.
    }
  },
};
