import type { CompanyCopyFrom } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import {
  type CopyCounts,
  copyCustomFields,
  copyDepartments,
  copyTemplates,
  countCopied,
  findRules,
  insertRules,
} from './companies-copy.repository.ts';

type IdMap = Map<number, number>;

const DEPARTMENT_KEYS = new Set(['department_id', 'department_ids', 'departments']);
const FIELD_KEYS = new Set(['field_id', 'custom_field_id', 'field_ids']);

/**
 * A rule's conditions with the source company's department and custom field ids replaced by the
 * copies' ids; an id with no copy (not copied) is dropped rather than left pointing at another company.
 */
export function remapConditions(value: unknown, departments: IdMap, fields: IdMap, key = ''): unknown {
  const map = DEPARTMENT_KEYS.has(key) ? departments : FIELD_KEYS.has(key) ? fields : null;
  if (map && typeof value === 'number') return map.get(value) ?? null;
  if (Array.isArray(value)) {
    const items = value.map((item) => remapConditions(item, departments, fields, map ? key : ''));
    return map ? items.filter((item) => item !== null) : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, remapConditions(v, departments, fields, map ? key : k)]),
    );
  }
  return value;
}

function remapJson(json: string, departments: IdMap, fields: IdMap): string {
  try {
    return JSON.stringify(remapConditions(JSON.parse(json), departments, fields));
  } catch {
    return json;
  }
}

/**
 * Copies what a new company takes from another (Add New Company), inside the creating transaction:
 * departments (the tree), custom field definitions, the company's own notification templates and its
 * assignment rules. Rules arrive inactive, so that nobody is assigned anything before a person has
 * looked at them in the new company.
 */
export async function copyCompanySetup(
  trx: Kysely<Database>,
  copy: CompanyCopyFrom,
  to: number,
  stamp: string,
): Promise<CopyCounts> {
  const from = copy.company_id;
  const departments = copy.departments ? await copyDepartments(trx, from, to, stamp) : new Map<number, number>();
  const fields = copy.custom_fields ? await copyCustomFields(trx, from, to, stamp) : new Map<number, number>();
  if (copy.templates) await copyTemplates(trx, from, to, stamp);
  if (copy.rules) {
    const rules = await findRules(trx, from);
    await insertRules(
      trx,
      to,
      rules.map((rule) => ({ ...rule, conditions: remapJson(rule.conditions, departments, fields) })),
      stamp,
    );
  }
  return countCopied(trx, to);
}
