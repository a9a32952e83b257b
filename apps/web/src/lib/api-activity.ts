import { SPINNER_REMOVAL_DEBOUNCE_MS } from '@heed/contract';

/**
 * Whether any API call is in flight, for the global spinner (spec §4). It shows at once and hides
 * SPINNER_REMOVAL_DEBOUNCE_MS after the last call ends, so back-to-back calls do not make it flicker.
 */
let inFlight = 0;
let busy = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setBusy(next: boolean) {
  if (busy === next) return;
  busy = next;
  for (const listener of listeners) listener();
}

export function callStarted(): void {
  inFlight += 1;
  clearTimeout(hideTimer);
  setBusy(true);
}

export function callEnded(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => setBusy(false), SPINNER_REMOVAL_DEBOUNCE_MS);
}

/** For `useSyncExternalStore`. */
export function subscribeApiActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isApiBusy = (): boolean => busy;
