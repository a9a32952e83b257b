import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { callEnded, callStarted, isApiBusy, subscribeApiActivity } from './api-activity.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('the global spinner state (spec §4: removal debounced by 50 ms)', () => {
  test('shows at once, and hides 50 ms after the last call ends', () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribeApiActivity(() => changes.push(isApiBusy()));
    callStarted();
    expect(isApiBusy()).toBe(true);
    callEnded();
    vi.advanceTimersByTime(49);
    expect(isApiBusy()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isApiBusy()).toBe(false);
    expect(changes).toEqual([true, false]);
    unsubscribe();
  });

  test('a call starting within the 50 ms keeps it showing without a flicker', () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribeApiActivity(() => changes.push(isApiBusy()));
    callStarted();
    callStarted();
    callEnded();
    vi.advanceTimersByTime(100);
    expect(isApiBusy()).toBe(true);
    callEnded();
    vi.advanceTimersByTime(30);
    callStarted();
    vi.advanceTimersByTime(100);
    expect(isApiBusy()).toBe(true);
    callEnded();
    vi.advanceTimersByTime(50);
    expect(changes).toEqual([true, false]);
    unsubscribe();
  });
});
