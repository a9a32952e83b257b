import {
  type CustomFieldConversion,
  type CustomFieldType,
  type CustomFieldUpdateBody,
  normalizeCustomFieldValue,
} from '@heed/contract';

/** What becomes of one value that does not fit: `to` is the new value, '' clears it. */
export interface ValueChoice {
  value: string;
  users: number;
  to: string;
}

export interface TargetRule {
  type: CustomFieldType;
  options: string[] | null;
}

/** One choice per listed value, starting from the renames made in the options editor. */
export const initialChoices = (preview: CustomFieldConversion, renames: Record<string, string>): ValueChoice[] =>
  preview.examples.map((example) => ({ ...example, to: renames[example.value] ?? '' }));

/** The message for a replacement that does not fit the new rule (the contract's rule, as the server applies it). */
export function choiceError(rule: TargetRule, to: string): string | null {
  if (to.trim() === '') return null;
  const result = normalizeCustomFieldValue(rule, to);
  return 'error' in result ? result.error : null;
}

/** Users whose value would be cleared: the listed values left blank, and every unlisted value that does not fit. */
export function usersCleared(preview: CustomFieldConversion, choices: ValueChoice[]): number {
  const listed = choices.reduce((sum, choice) => sum + choice.users, 0);
  const blank = choices.filter((choice) => choice.to.trim() === '').reduce((sum, choice) => sum + choice.users, 0);
  return preview.unconvertible - listed + blank;
}

/** The confirmation part of the update: the conversion confirmed, the replacements, and clearing when agreed. */
export function conversionBody(
  choices: ValueChoice[],
  renames: Record<string, string>,
  clearAgreed: boolean,
): Pick<CustomFieldUpdateBody, 'confirm_conversion' | 'value_map' | 'unconvertible'> {
  const valueMap: Record<string, string> = { ...renames };
  for (const choice of choices) if (choice.to.trim() !== '') valueMap[choice.value] = choice.to.trim();
  return {
    confirm_conversion: true,
    ...(Object.keys(valueMap).length > 0 ? { value_map: valueMap } : {}),
    unconvertible: clearAgreed ? 'clear' : 'refuse',
  };
}

const formatCount = new Intl.NumberFormat('en-US');
export const usersText = (n: number) => `${formatCount.format(n)} ${n === 1 ? 'user' : 'users'}`;
