import type { AuditChange, AuditLogEntry } from '@heed/contract';
import type { AuditRow } from './audit-logs.repository.ts';

const parse = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as a reader sees it: text as it is, anything else as compact JSON; absent is null. */
export const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The readable diff of an entry: for two objects, each field whose value differs (set, changed or
 * removed), in the order the entry names them; otherwise the whole value as one change.
 */
export function diffValues(before: unknown, after: unknown): AuditChange[] {
  if (before === null && after === null) return [];
  if (!(isRecord(before) || before === null) || !(isRecord(after) || after === null))
    return [{ field: 'value', before: shown(before), after: shown(after) }];
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = shown(b[field]);
    const is = shown(a[field]);
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** `First Last`, or the username when the name is empty. */
const personName = (first: string | null, last: string | null, username: string) =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || username;

function person(id: number | null, username: string | null, first: string | null, last: string | null) {
  if (id === null || username === null) return null;
  return { id: Number(id), username, name: personName(first, last, username) };
}

export function toAuditLogEntry(row: AuditRow): AuditLogEntry {
  const before = parse(row.before);
  const after = parse(row.after);
  return {
    id: Number(row.id),
    created_at: row.created_at,
    actor: person(row.actor_id, row.actor_username, row.actor_first_name, row.actor_last_name),
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    impersonated_by: person(
      row.impersonator_id,
      row.impersonator_username,
      row.impersonator_first_name,
      row.impersonator_last_name,
    ),
    company:
      row.company_id === null ? null : { id: Number(row.company_id), name: row.company_name ?? `#${row.company_id}` },
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    changes: diffValues(before, after),
    before,
    after,
    ip: row.ip,
  };
}

/** The diff as one spreadsheet cell: `field: before → after`, one change a line. */
export const changesText = (changes: AuditChange[]): string =>
  changes.map((c) => `${c.field}: ${c.before ?? '(none)'} → ${c.after ?? '(none)'}`).join('\n');
