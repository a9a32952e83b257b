import { STORAGE_KEYS, sessionStore, storage } from './storage.ts';

const readId = (raw: string | null): number | null => (raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * The company a site admin acts on (spec §4 Company selection, §6): the current one lives in this
 * window's session storage, the last one chosen in local storage for the next window.
 */
export const companyStorage = {
  current: (): number | null => readId(sessionStore.get(STORAGE_KEYS.company)),
  last: (): number | null => readId(storage.get(STORAGE_KEYS.lastCompany)),
  /** Stores the company as both the current and the last one. */
  choose(companyId: number): void {
    sessionStore.set(STORAGE_KEYS.company, String(companyId));
    storage.set(STORAGE_KEYS.lastCompany, String(companyId));
  },
  /** Makes a remembered company the current one of this window. */
  adopt(companyId: number): void {
    sessionStore.set(STORAGE_KEYS.company, String(companyId));
  },
  /** Forgets both, so that nobody sends a stale company id (sign-in, sign-out, a user who is no site admin). */
  forget(): void {
    sessionStore.remove(STORAGE_KEYS.company);
    storage.remove(STORAGE_KEYS.lastCompany);
  },
};
