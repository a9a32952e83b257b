import { type KeyboardEvent, type MouseEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';

const PAGE_STEP = 10;

/** Where a key moves the focused row, or undefined when the key is not a row move. */
function target(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'PageDown':
      return Math.min(count - 1, index + PAGE_STEP);
    case 'PageUp':
      return Math.max(0, index - PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

const isControl = (element: EventTarget) =>
  element instanceof HTMLElement && element.closest('input, button, a, select, textarea') !== null;

export interface RowFocusOptions {
  count: number;
  bodyRef: RefObject<HTMLElement | null>;
  /** Brings a row into the DOM first (a virtualised list renders only what is in view). */
  reveal?: (index: number) => void;
  onToggle?: (index: number) => void;
  onOpen?: (index: number) => void;
}

/**
 * Keyboard use of a table's rows (roving tab stop): Tab reaches one row, the arrow keys, Page Up/Down,
 * Home and End move between rows, Space ticks the row and Enter (or a click) opens it.
 */
export function useRowFocus({ count, bodyRef, reveal, onToggle, onOpen }: RowFocusOptions) {
  const [active, setActive] = useState(0);
  const wantsFocus = useRef(false);
  const current = Math.min(active, Math.max(0, count - 1));

  // After a move, focus the row once it is rendered (it may have scrolled into the virtual window).
  useEffect(() => {
    if (!wantsFocus.current) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`[data-row-index="${current}"]`);
    if (row) {
      wantsFocus.current = false;
      row.focus();
    }
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number) => {
      const next = target(event.key, index, count);
      if (next !== undefined) {
        event.preventDefault();
        wantsFocus.current = true;
        reveal?.(next);
        setActive(next);
        return;
      }
      if (isControl(event.target)) return;
      if (event.key === ' ' && onToggle) {
        event.preventDefault();
        onToggle(index);
      } else if (event.key === 'Enter' && onOpen) {
        event.preventDefault();
        onOpen(index);
      }
    },
    [count, reveal, onToggle, onOpen],
  );

  const rowProps = (index: number) => ({
    tabIndex: index === current ? 0 : -1,
    'data-row-index': index,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, index),
    onFocus: () => setActive(index),
    // A click opens the row too, unless it lands on a control or ends a text selection.
    onClick: onOpen
      ? (event: MouseEvent<HTMLElement>) => {
          if (!isControl(event.target) && !window.getSelection()?.toString()) onOpen(index);
        }
      : undefined,
    'data-openable': onOpen ? true : undefined,
  });
  return { rowProps };
}
