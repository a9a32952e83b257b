import type { BarPosition, NoticeType } from '../components/notices/index.ts';
import { STORAGE_KEYS, sessionStore } from './storage.ts';

/** A button of the flash modal: its label, and where it leads (it only closes the modal without one). */
export interface FlashButton {
  label: string;
  /** A console path (below /admin) to go to. */
  to?: string;
}

/** A flash message (spec §3): an optional modal and an optional snackbar. */
export interface FlashMessage {
  modal?: { heading: string; content: string; primaryButton?: FlashButton; secondaryButton?: FlashButton };
  /** Type and position as the spec names them ('is-danger', 'is-bottom'); defaults 5000 ms, is-danger, is-bottom. */
  snackbar?: { message: string; duration?: number; type?: NoticeType; position?: BarPosition };
}

/**
 * Stores a message to show once after the next route change (spec §4), for instance before a
 * navigation or a reload that would otherwise swallow a notice. A newer message replaces an older one.
 */
export function setFlashMessage(message: FlashMessage): void {
  sessionStore.set(STORAGE_KEYS.flash, JSON.stringify(message));
}

/** The waiting flash message; reading it clears it. */
export function takeFlashMessage(): FlashMessage | null {
  const raw = sessionStore.get(STORAGE_KEYS.flash);
  if (raw === null) return null;
  sessionStore.remove(STORAGE_KEYS.flash);
  try {
    return JSON.parse(raw) as FlashMessage;
  } catch {
    return null;
  }
}
