import type { NotificationData } from '@mantine/notifications';
import { NOTICE_POSITIONS } from '@heed/contract';

type NotificationPosition = NonNullable<NotificationData['position']>;

/** Spec types (`is-danger`, …) and their bare names. `dark` is the toast's neutral default. */
export type NoticeKind = 'success' | 'danger' | 'info' | 'warning' | 'dark';
export type NoticeType = NoticeKind | `is-${NoticeKind}`;

/** A notice position (spec §5: exactly these four). */
export type NoticePosition = (typeof NOTICE_POSITIONS)[number];
/** Snackbar and toast positions, as the flash-message defaults name them (`is-bottom`). */
export type BarPosition =
  | 'is-top-right'
  | 'is-top'
  | 'is-top-left'
  | 'is-bottom-right'
  | 'is-bottom'
  | 'is-bottom-left';

/** Status colours are the same everywhere (PRODUCT.md "Look and feel"). */
const COLORS: Record<NoticeKind, string> = {
  success: 'green',
  danger: 'red',
  info: 'blue',
  warning: 'yellow',
  dark: 'dark',
};

const BAR_POSITIONS: Record<BarPosition, NotificationPosition> = {
  'is-top-right': 'top-right',
  'is-top': 'top-center',
  'is-top-left': 'top-left',
  'is-bottom-right': 'bottom-right',
  'is-bottom': 'bottom-center',
  'is-bottom-left': 'bottom-left',
};

/** The Mantine colour for a spec type; an unknown type is a programming error. */
export function noticeColor(type: NoticeType): string {
  const kind = type.replace(/^is-/, '') as NoticeKind;
  const color = COLORS[kind];
  if (!color) throw new Error(`Unknown notice type "${type}".`);
  return color;
}

/** Checks a notice position (spec §5) and throws on anything but the four corners. */
export function noticePosition(position: string): NoticePosition {
  if (!(NOTICE_POSITIONS as readonly string[]).includes(position)) {
    throw new Error(`A notice position must be one of ${NOTICE_POSITIONS.join(', ')}; got "${position}".`);
  }
  return position as NoticePosition;
}

/** Maps a snackbar/toast position to Mantine's; throws on an unknown one. */
export function barPosition(position: string): NotificationPosition {
  const mapped = BAR_POSITIONS[position as BarPosition];
  if (!mapped) {
    throw new Error(`A snackbar position must be one of ${Object.keys(BAR_POSITIONS).join(', ')}; got "${position}".`);
  }
  return mapped;
}
