/**
 * The two dialogs that end a console session (spec §4): 'Session Logout' when another window signed
 * out, 'Session Timeout' when a call answers 403 'unauthenticated'. Both have only an OK button.
 */
export type SessionDialog = { kind: 'logout' } | { kind: 'timeout'; redirect: string | null };

let open: SessionDialog | null = null;
let detectTimeout = false;
let timeoutRedirect: string | null = null;
let timeoutShown = false;
const listeners = new Set<() => void>();

function show(dialog: SessionDialog) {
  open = dialog;
  for (const listener of listeners) listener();
}

export const subscribeSessionDialog = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const currentSessionDialog = (): SessionDialog | null => open;

/** Once the session loaded: from now on a lost session shows the timeout dialog, whose OK goes to `redirect`. */
export function enableTimeoutDetection(redirect: string | null): void {
  detectTimeout = true;
  timeoutRedirect = redirect;
}

/** While signing out (or after another window did), failing calls are expected: no timeout dialog. */
export function disableTimeoutDetection(): void {
  detectTimeout = false;
}

/** A call answered 403 'unauthenticated': the timeout dialog, once per page. */
export function sessionTimedOut(): void {
  if (!detectTimeout || timeoutShown) return;
  timeoutShown = true;
  show({ kind: 'timeout', redirect: timeoutRedirect });
}

/** Another window signed out. */
export function sessionLoggedOutElsewhere(): void {
  disableTimeoutDetection();
  show({ kind: 'logout' });
}
