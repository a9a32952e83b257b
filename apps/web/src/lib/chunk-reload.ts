import { STORAGE_KEYS, sessionStore } from './storage.ts';

/** A second reload within this time means the reload did not help: stop, and show the error instead. */
const RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** True for the error a lazy page throws when its file cannot be loaded (a new release, a lost connection). */
export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_ERROR.test(error.message);

/**
 * Reloads the page to fetch the current build (spec §8: a failed route chunk load reloads the page),
 * unless this window already did so moments ago; returns whether it reloads.
 */
export function reloadAfterChunkError(): boolean {
  const last = Number(sessionStore.get(STORAGE_KEYS.chunkReload) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStore.set(STORAGE_KEYS.chunkReload, String(Date.now()));
  window.location.reload();
  return true;
}
