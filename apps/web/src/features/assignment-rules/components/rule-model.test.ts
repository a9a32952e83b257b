import { describe, expect, it } from 'vitest';
import { makeRule } from '../test/rules-fixtures.tsx';
import { conditionError, conditionText, draftOf, emptyDraft, isComplete, newCondition, toBody } from './rule-model.ts';

describe('rule model', () => {
  it('round-trips a saved rule through the builder', () => {
    const rule = makeRule({
      match: 'any',
      conditions: [
        { field: 'department_id', operator: 'in', value: [10] },
        { field: 'custom_fields.profession', operator: 'starts_with', value: ['Nu'] },
        { field: 'hired_at', operator: 'within_days', value: 90 },
      ],
    });
    expect(toBody(draftOf(rule))).toMatchObject({
      name: 'Plant safety',
      match: 'any',
      conditions: rule.conditions,
      course_ids: [3],
      due_days: 14,
      apply_due_to_existing: false,
    });
  });

  it('runs a dry run only on a complete draft', () => {
    const draft = emptyDraft();
    expect(isComplete(draft)).toBe(false);
    const filled = { ...draft, courseIds: [3], conditions: [{ ...newCondition('department'), departments: [10] }] };
    expect(isComplete(filled)).toBe(true);
    expect(
      isComplete({
        ...filled,
        conditions: [
          { ...newCondition('custom'), fieldKey: 'x', operator: 'between' as const, values: ['2026-01-01'] },
        ],
      }),
    ).toBe(false);
  });

  it('says each condition in words and finds its 422 message', () => {
    const names = new Map([[10, 'Operations']]);
    expect(conditionText({ field: 'role', operator: 'in', value: [0, 3] }, names)).toBe('Role is Student or Reviewer');
    expect(
      conditionText({ field: 'custom_fields.start', operator: 'between', value: ['2026-01-01', '2026-02-01'] }, names),
    ).toBe('start is between 2026-01-01 and 2026-02-01');
    expect(conditionError({ 'conditions.1.value': ['Unknown custom field.'], name: ['x'] }, 1)).toBe(
      'Unknown custom field.',
    );
    expect(conditionError({ 'conditions.1.value': ['x'] }, 0)).toBeNull();
  });
});
