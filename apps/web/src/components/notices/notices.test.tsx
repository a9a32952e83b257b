import {
  ERROR_NOTICE_DURATION_MS,
  FLASH_SNACKBAR_DEFAULTS,
  INFO_MESSAGE_DURATION_MS,
  SNACKBAR_DURATION_MS,
  TOAST_DURATION_MS,
} from '@heed/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../test/render.tsx';
import { flashSnackbar, type NoticePosition, notify, snackbar, toast } from './index.ts';

/** Advances the clock, then lets the (instant, in tests) hide and exit transitions finish. */
function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  for (let round = 0; round < 3; round += 1) act(() => vi.advanceTimersByTime(0));
}

/** A user's close plays Mantine's dismiss animation (a few hundred ms) before the notice leaves. */
function finishDismissAnimation() {
  for (let step = 0; step < 10; step += 1) act(() => vi.advanceTimersByTime(50));
}

function placement(text: string) {
  return screen.getByText(text).closest('[data-position]')?.getAttribute('data-position');
}

/** Shows a message with `open`, then checks it is still there 1 ms before `duration` and gone at it. */
function expectLifetime(open: () => void, text: string, duration: number) {
  act(open);
  expect(screen.getByText(text)).toBeVisible();
  advance(duration - 1);
  expect(screen.getByText(text)).toBeInTheDocument();
  advance(1);
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

describe('notices, snackbars and toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<div />);
  });

  it('shows a success notice at the bottom right, as an alert', () => {
    act(() => {
      notify.success('Course saved.', { title: 'Saved' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Course saved.');
    expect(screen.getByText('Saved')).toBeVisible();
    expect(placement('Course saved.')).toBe('bottom-right');
  });

  it('closes an error notice after 5000 ms', () => {
    expectLifetime(() => notify.error('Could not save.'), 'Could not save.', ERROR_NOTICE_DURATION_MS);
  });

  it('keeps an indefinite error notice until the user closes it', () => {
    act(() => {
      notify.error('Server error: boom', { indefinite: true });
    });
    advance(60_000);
    expect(screen.getByText('Server error: boom')).toBeVisible();
    // A plain click: Mantine's swipe-to-dismiss reads pointer timings, which a minute of fake time skews.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    finishDismissAnimation();
    expect(screen.queryByText('Server error: boom')).not.toBeInTheDocument();
  });

  it('keeps info messages for 10000 ms', () => {
    expectLifetime(
      () => notify.info('Password has been changed successfully.'),
      'Password has been changed successfully.',
      INFO_MESSAGE_DURATION_MS,
    );
  });

  it('shows a toast at the top for 2000 ms', () => {
    expectLifetime(() => toast('Copied.'), 'Copied.', TOAST_DURATION_MS);
    act(() => {
      toast('Copied again.');
    });
    expect(placement('Copied again.')).toBe('top-center');
  });

  it('shows a snackbar for 3500 ms', () => {
    expectLifetime(() => snackbar('Saved as draft.'), 'Saved as draft.', SNACKBAR_DURATION_MS);
  });

  it('gives flash messages 5000 ms at the bottom centre by default', () => {
    expect(FLASH_SNACKBAR_DEFAULTS).toEqual({ duration: 5000, type: 'is-danger', position: 'is-bottom' });
    expectLifetime(() => flashSnackbar('You cannot open that page.'), 'You cannot open that page.', 5000);
    act(() => {
      flashSnackbar('Again.');
    });
    expect(placement('Again.')).toBe('bottom-center');
  });

  it('runs a snackbar action and closes it', () => {
    const onAction = vi.fn();
    act(() => {
      snackbar('Assignment removed.', { actionText: 'Undo', onAction, indefinite: true });
    });
    // A plain click, as above: user-event's pointer sequence under fake timers starts Mantine's swipe gesture,
    // whose timings then keep the leaving notice mounted whatever the clock says.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    finishDismissAnimation();
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Assignment removed.')).not.toBeInTheDocument();
  });

  it.each<NoticePosition>(['top-right', 'top-left', 'bottom-left', 'bottom-right'])(
    'accepts position %s',
    (position) => {
      act(() => {
        notify.info(`At ${position}`, { position });
      });
      expect(placement(`At ${position}`)).toBe(position);
    },
  );

  it.each(['top-center', 'bottom', 'middle', ''])('refuses position %j', (position) => {
    expect(() => notify.success('x', { position: position as NoticePosition })).toThrow(
      'A notice position must be one of top-right, top-left, bottom-left, bottom-right',
    );
  });

  it('replaces an open notice that has the same id', () => {
    act(() => {
      notify.error('First', { id: 'save', indefinite: true });
    });
    act(() => {
      notify.error('Second', { id: 'save', indefinite: true });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });
});
