import { describe, expect, it } from 'vitest';
import { cardAction } from '../model/card-action.ts';
import { myAssignment } from './my-courses-fixtures.ts';

describe('cardAction', () => {
  it('gives each status its step', () => {
    expect(cardAction(myAssignment('A', 'not_started')).label).toBe('Start');
    expect(cardAction(myAssignment('B', 'in_progress')).label).toBe('Continue');
    expect(cardAction(myAssignment('C', 'overdue')).label).toBe('Continue');
    expect(cardAction(myAssignment('D', 'completed')).label).toBe('Review');
    expect(cardAction(myAssignment('E', 'expired')).label).toBe('Start again');
  });

  it('offers a retake when the last attempt failed, and Continue while one is in progress', () => {
    const failed = myAssignment('F', 'in_progress', { last_attempt: { attempt: 1, status: 'failed' } });
    expect(cardAction(failed).label).toBe('Retake');
    const going = myAssignment('G', 'overdue', { last_attempt: { attempt: 2, status: 'in_progress' } });
    expect(cardAction(going).label).toBe('Continue');
  });
});
