import { MESSAGES } from '@heed/contract';
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import {
  type SessionDialog,
  currentSessionDialog,
  sessionLoggedOutElsewhere,
  subscribeSessionDialog,
} from '../../features/session/session-dialogs.ts';
import { onLogoutBroadcast } from '../../lib/broadcast.ts';

// Requested at start-up: the dialog must open even when the session (or the release) has changed since.
const dialogModule = import('./ok-dialog.tsx');
const OkDialog = lazy(() => dialogModule.then((m) => ({ default: m.OkDialog })));

const TEXT = {
  logout: { title: MESSAGES.sessionLogoutTitle, body: MESSAGES.sessionLogoutBody },
  timeout: { title: MESSAGES.sessionTimeoutTitle, body: MESSAGES.sessionTimeoutBody },
} as const;

/** OK of 'Session Logout' reloads; OK of 'Session Timeout' goes to the logout address, or reloads (spec §4). */
function confirm(dialog: SessionDialog) {
  if (dialog.kind === 'timeout' && dialog.redirect) window.location.assign(dialog.redirect);
  else window.location.reload();
}

/**
 * The session dialogs (spec §4): 'Session Logout' when another window signed out, 'Session Timeout'
 * when a call found the session gone. Only OK: no close button, Escape or click outside.
 */
export function SessionDialogs() {
  const dialog = useSyncExternalStore(subscribeSessionDialog, currentSessionDialog);
  useEffect(() => onLogoutBroadcast(sessionLoggedOutElsewhere), []);
  if (!dialog) return null;
  const text = TEXT[dialog.kind];
  return (
    <Suspense fallback={null}>
      <OkDialog opened title={text.title} body={text.body} onOk={() => confirm(dialog)} testId="session-dialog" />
    </Suspense>
  );
}
