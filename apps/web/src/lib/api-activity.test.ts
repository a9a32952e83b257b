import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// A fresh copy of the module for each test: test files share their worker's imports (decision 079),
// and a component test elsewhere may have left a call in flight in the shared copy.
let callEnded: () => void;
let callStarted: () => void;
let isApiBusy: () => boolean;
let subscribeApiActivity: (listener: () => void) => () => void;

beforeEach(async () => {
  vi.resetModules();
  ({ callEnded, callStarted, isApiBusy, subscribeApiActivity } = await import('./api-activity.ts'));
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
