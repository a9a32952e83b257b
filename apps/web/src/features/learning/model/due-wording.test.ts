import { describe, expect, it } from 'vitest';
import { dueWording, formatDay, formatDuration } from './due-wording.ts';

// Dates built in local time, so the wording is checked in the calendar of whatever zone runs the test.
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const at = (date: Date) => date.toISOString();
const now = local(2026, 3, 12, 10, 30);
const open = (due: Date | null, status: 'not_started' | 'in_progress' | 'overdue' = 'not_started') => ({
  status,
  due_at: due ? at(due) : null,
  completed_at: null,
  expires_at: null,
});

describe('dueWording', () => {
  it('counts the days left to the due date in calendar days', () => {
    expect(dueWording(open(local(2026, 3, 12, 23, 59)), now)).toBe('Due today');
    expect(dueWording(open(local(2026, 3, 13, 0, 5)), now)).toBe('Due tomorrow');
    expect(dueWording(open(local(2026, 3, 15, 8)), now)).toBe('Due in 3 days');
    expect(dueWording(open(local(2026, 4, 11), 'in_progress'), now)).toBe('Due in 30 days');
  });

  it('gives a far due date as a date, and says when there is none', () => {
    expect(dueWording(open(local(2026, 5, 20)), now)).toBe(`Due ${formatDay(local(2026, 5, 20))}`);
    expect(dueWording(open(local(2026, 5, 20)), now)).toBe('Due 20 May 2026');
    expect(dueWording(open(null), now)).toBe('No due date');
  });

  it('counts the days an overdue assignment is late', () => {
    expect(dueWording(open(local(2026, 3, 11, 23, 59), 'overdue'), now)).toBe('Overdue by 1 day');
    expect(dueWording(open(local(2026, 3, 10, 9), 'overdue'), now)).toBe('Overdue by 2 days');
    expect(dueWording(open(local(2025, 12, 12), 'overdue'), now)).toBe('Overdue by 90 days');
    expect(dueWording(open(local(2026, 3, 12, 9), 'overdue'), now)).toBe('Was due today');
  });

  it('trusts the status over a due date that reads otherwise (the server derived it)', () => {
    // The browser's clock may lag the server's: a due date just ahead is still "Due today", never negative.
    expect(dueWording(open(local(2026, 3, 11)), now)).toBe('Due today');
  });

  it('dates completions and lapsed certificates', () => {
    expect(
      dueWording({ status: 'completed', due_at: null, completed_at: at(local(2026, 3, 12, 9)), expires_at: null }, now),
    ).toBe('Completed 12 Mar 2026');
    expect(
      dueWording(
        {
          status: 'expired',
          due_at: at(local(2024, 2, 1)),
          completed_at: at(local(2024, 2, 1)),
          expires_at: at(local(2026, 2, 1)),
        },
        now,
      ),
    ).toBe('Expired 1 Feb 2026');
  });
});

describe('formatDuration', () => {
  it('reads minutes and hours', () => {
    expect(formatDuration(25)).toBe('25 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(95)).toBe('1 h 35 min');
  });
});
