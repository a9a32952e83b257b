import { LOGOUT_BROADCAST, LOGOUT_CHANNEL } from '@heed/contract';

/**
 * The cross-window channel that carries the logout broadcast (spec §4, §9). One instance per window:
 * a BroadcastChannel never receives its own messages, so the window that signs out is not told about it.
 */
let channel: BroadcastChannel | null | undefined;

function logoutChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOGOUT_CHANNEL) : null;
  return channel;
}

/** Tells the product's other windows in this browser that the session ended here. */
export function broadcastLogout(): void {
  logoutChannel()?.postMessage(LOGOUT_BROADCAST);
}

/** Calls `listener` when another window signs out; returns the unsubscribe function. */
export function onLogoutBroadcast(listener: () => void): () => void {
  const target = logoutChannel();
  if (!target) return () => {};
  const handle = (event: MessageEvent) => {
    if (event.data === LOGOUT_BROADCAST) listener();
  };
  target.addEventListener('message', handle);
  return () => target.removeEventListener('message', handle);
}
