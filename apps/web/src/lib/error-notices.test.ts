import { describe, expect, test } from 'vitest';
import { ApiError } from './api-client.ts';
import { formatApiError } from './error-notices.tsx';

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
