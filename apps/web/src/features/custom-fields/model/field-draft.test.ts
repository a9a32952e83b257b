import { describe, expect, it } from 'vitest';
import { LOCATION, SITE, SITE_TO_NUMBER } from '../test/fields-fixtures.ts';
import { conversionBody, initialChoices, usersCleared } from './conversion-choices.ts';
import { draftErrors, draftOf, keyFromLabel, newDraft, optionRow, renamesOf, touchesValues } from './field-draft.ts';

describe('field drafts', () => {
  it.each([
    ['Cost centre (EU)', 'cost_centre_eu'],
    ['Équipe', 'equipe'],
    ['2nd shift', 'field_2nd_shift'],
    ['  --  ', ''],
  ])('derives the key of %j as %j', (label, key) => {
    expect(keyFromLabel(label)).toBe(key);
  });

  it('checks a draft with the contract’s rules', () => {
    const draft = { ...newDraft(), label: 'Shift', key: 'Shift', type: 'select' as const };
    expect(draftErrors(draft)).toEqual({
      key: 'Start with a lowercase letter; use lowercase letters, digits and _ only.',
      options: 'Add at least one option.',
    });
  });

  it('tells renames from removals and knows when values may change', () => {
    const draft = draftOf(LOCATION);
    expect(touchesValues(LOCATION, draft)).toBe(false);
    draft.options = [optionRow('Detroit', 'Detroit, MI'), optionRow('Remote', 'Remote'), optionRow('Hybrid')];
    expect(renamesOf(LOCATION, draft)).toEqual({ 'Detroit, MI': 'Detroit' });
    expect(touchesValues(LOCATION, draft)).toBe(true);
    expect(touchesValues(SITE, { ...draftOf(SITE), label: 'Work site' })).toBe(false);
    expect(touchesValues(SITE, { ...draftOf(SITE), type: 'date' })).toBe(true);
  });

  it('counts the users whose values a review would clear, listed or not', () => {
    const choices = initialChoices(SITE_TO_NUMBER, { 'N/A': '0' });
    expect(choices.map((choice) => choice.to)).toEqual(['0', '']);
    // Leeds (1) is left blank and 0 more values are unlisted: 4 unconvertible − 4 listed + 1 blank.
    expect(usersCleared(SITE_TO_NUMBER, choices)).toBe(1);
    expect(conversionBody(choices, {}, false)).toEqual({
      confirm_conversion: true,
      value_map: { 'N/A': '0' },
      unconvertible: 'refuse',
    });
  });
});
