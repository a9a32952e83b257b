import { describe, expect, it } from 'vitest';
import { quietText, timingText } from './timing.ts';

describe('timingText', () => {
  it('reads each kind of timing as a sentence', () => {
    const row = { offset_days: null, repeat_every_days: null, repeat_max: null };
    expect(timingText({ ...row, trigger: 'event' })).toBe('On the event');
    expect(timingText({ ...row, trigger: 'before_due', offset_days: 3 })).toBe('3 days before the due date');
    expect(timingText({ ...row, trigger: 'after_due', offset_days: 1, repeat_every_days: 7, repeat_max: 3 })).toBe(
      '1 day after the due date, repeated every 7 days, 3 times in all',
    );
    expect(timingText({ ...row, trigger: 'after_due', offset_days: 0 })).toBe('On the due date');
    expect(timingText({ ...row, trigger: 'periodic', repeat_every_days: 7 })).toBe('Every 7 days');
    expect(quietText({ quiet_start: '21:00', quiet_end: '07:00' })).toBe('21:00–07:00');
    expect(quietText({ quiet_start: null, quiet_end: null })).toBeNull();
  });
});
