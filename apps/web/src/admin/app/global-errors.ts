import { sessionTimedOut } from '../../features/session/session-dialogs.ts';
import { isApiError, isUnauthenticated, setApiFailureHandlers } from '../../lib/api-client.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../../lib/chunk-reload.ts';
import { showServerError, showUnexpectedError } from '../../lib/error-notices.tsx';

/** Errors already reported, or not errors of ours: nothing more to say about them. */
function isHandled(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  if (isApiError(error) && (error.status >= 500 || isUnauthenticated(error))) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /ResizeObserver loop/.test(message);
}

function onUnhandled(error: unknown): void {
  if (isChunkLoadError(error) && reloadAfterChunkError()) return;
  if (!isHandled(error)) showUnexpectedError();
}

/**
 * Spec §8 for the whole console: 5xx answers show the server-error notice, a lost session the
 * timeout dialog, and any error nothing else handled the unexpected-error snackbar.
 */
export function installGlobalErrorHandlers(): void {
  setApiFailureHandlers({ onServerError: showServerError, onUnauthenticated: sessionTimedOut });
  window.addEventListener('error', (event) => onUnhandled(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => onUnhandled(event.reason));
}
