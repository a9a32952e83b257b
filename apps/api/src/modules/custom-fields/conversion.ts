import { CONVERSION_EXAMPLES_MAX, type CustomFieldConversion, normalizeCustomFieldValue } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type HeldValue, type StagedChange, heldValuesPage, stageChanges } from './conversion.repository.ts';

/** What a field accepts: its type and, for select fields, its options. */
export interface FieldRule {
  type: string;
  options: readonly string[] | null;
}

/** Stored value → the value it becomes (already canonical for the new rule), or null to clear it. */
export type ValueMap = ReadonlyMap<string, string | null>;

export interface ConversionTally extends CustomFieldConversion {
  /** Users whose value `value_map` mapped to another value. */
  mapped: number;
  /** Users whose value `value_map` cleared. */
  clearedByMap: number;
}

type Outcome =
  | { kind: 'fits'; value: string }
  | { kind: 'mapped'; value: string }
  | { kind: 'cleared' }
  | { kind: 'unconvertible' };

function outcomeOf(rule: FieldRule, map: ValueMap, value: string): Outcome {
  if (map.has(value)) {
    const target = map.get(value) ?? null;
    return target === null ? { kind: 'cleared' } : { kind: 'mapped', value: target };
  }
  const result = normalizeCustomFieldValue(rule, value);
  return 'error' in result ? { kind: 'unconvertible' } : { kind: 'fits', value: result.value };
}

/** Keeps the most held unconvertible values (ties in value order) without holding them all. */
function keepTop(examples: HeldValue[], limit: number): HeldValue[] {
  return examples.sort((a, b) => b.users - a.users || (a.value < b.value ? -1 : 1)).slice(0, limit);
}

const PAGE = 2000;

export interface ScanOptions {
  /** Stage the changes for {@link applyStagedChanges}; false only counts (the preview). */
  stage: boolean;
  /** When staging, clear the values that neither fit nor are mapped. */
  clearUnconvertible: boolean;
}

/**
 * Walks the distinct values users hold of a field, page by page (memory stays flat whatever the
 * number of users), and sorts each into fits / mapped / cleared / unconvertible under the new
 * rule, with the value rules of the contract. Optionally stages the resulting changes.
 */
export async function scanConversion(
  db: Kysely<Database>,
  field: { companyId: number; fieldId: number },
  rule: FieldRule,
  map: ValueMap,
  options: ScanOptions,
): Promise<ConversionTally> {
  const tally: ConversionTally = {
    users: 0,
    convertible: 0,
    changed: 0,
    unconvertible: 0,
    examples: [],
    mapped: 0,
    clearedByMap: 0,
  };
  let after: string | null = null;
  for (;;) {
    const page = await heldValuesPage(db, field.companyId, field.fieldId, after, PAGE);
    const changes: StagedChange[] = [];
    for (const held of page) {
      const outcome = outcomeOf(rule, map, held.value);
      tally.users += held.users;
      if (outcome.kind === 'fits') {
        tally.convertible += held.users;
        if (outcome.value !== held.value) tally.changed += held.users;
      } else if (outcome.kind === 'mapped') tally.mapped += held.users;
      else if (outcome.kind === 'cleared') tally.clearedByMap += held.users;
      else {
        tally.unconvertible += held.users;
        tally.examples.push(held);
        if (tally.examples.length > 4 * CONVERSION_EXAMPLES_MAX)
          tally.examples = keepTop(tally.examples, CONVERSION_EXAMPLES_MAX);
      }
      const newValue = changedValue(outcome, options.clearUnconvertible);
      if (newValue !== undefined && newValue !== held.value) changes.push({ oldValue: held.value, newValue });
    }
    if (options.stage && changes.length > 0) await stageChanges(db, field.fieldId, changes);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.value;
  }
  tally.examples = keepTop(tally.examples, CONVERSION_EXAMPLES_MAX);
  return tally;
}

/** The value to store instead (null = clear), or undefined to leave the value as it is. */
function changedValue(outcome: Outcome, clearUnconvertible: boolean): string | null | undefined {
  if (outcome.kind === 'fits' || outcome.kind === 'mapped') return outcome.value;
  if (outcome.kind === 'cleared') return null;
  return clearUnconvertible ? null : undefined;
}
