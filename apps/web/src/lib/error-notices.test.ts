import { createElement } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, render, screen, within } from '../test/render.tsx';
import { ApiError } from './api-client.ts';
import { formatApiError, showApiError } from './error-notices.tsx';

/** Advances the clock, then lets the notice's (instant, in tests) exit transition finish. */
function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  for (let round = 0; round < 3; round += 1) act(() => vi.advanceTimersByTime(0));
}

describe('the error-formatting helper (spec §8)', () => {
  test("prefix 'Server API Error', the message, then every detail message", () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      email: ['Enter a valid e-mail address.'],
      name: ['Enter the name.', 'Use at most 100 characters.'],
    });
    expect(formatApiError(error)).toEqual({
      title: 'Server API Error',
      message: 'The given data was invalid.',
      details: ['Enter a valid e-mail address.', 'Enter the name.', 'Use at most 100 characters.'],
    });
  });

  test("another prefix, an error body instead of an ApiError, and 'Unknown error' without a message", () => {
    expect(formatApiError({ error: { message: 'Nope.', details: { a: ['x'] } } }, 'Saving failed')).toEqual({
      title: 'Saving failed',
      message: 'Nope.',
      details: ['x'],
    });
    expect(formatApiError(null)).toEqual({ title: 'Server API Error', message: 'Unknown error', details: [] });
    expect(formatApiError(new Error(''))).toMatchObject({ message: 'Unknown error' });
  });
});

describe('the error notice it shows (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(createElement('div'));
  });

  test('a red notice at the bottom: prefix, message, then the detail messages as bullets', () => {
    act(() => {
      showApiError(new ApiError(422, 'The given data was invalid.', { name: ['Enter the name.', 'Too long.'] }));
    });
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Server API Error')).toBeVisible();
    expect(within(notice).getByText('The given data was invalid.')).toBeVisible();
    const bullets = within(within(notice).getByRole('list')).getAllByRole('listitem');
    expect(bullets.map((item) => item.textContent)).toEqual(['Enter the name.', 'Too long.']);
    expect(notice.style.getPropertyValue('--notification-color')).toBe('var(--mantine-color-red-filled)');
    expect(notice.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });

  test('stays for 5000 ms, then goes', () => {
    act(() => {
      showApiError(null);
    });
    expect(screen.getByText('Unknown error')).toBeVisible();
    advance(5000 - 1);
    expect(screen.getByText('Unknown error')).toBeVisible();
    advance(1);
    expect(screen.queryByText('Unknown error')).not.toBeInTheDocument();
    expect(screen.queryByText('Server API Error')).not.toBeInTheDocument();
  });
});
