import {
  type CustomFieldListItem,
  IMPORT_CUSTOM_FIELD_PREFIX,
  IMPORT_FIELD_LABELS,
  IMPORT_USER_FIELDS,
  type ImportMapping,
} from '@heed/contract';

/** The Select value meaning "ignore this column" (a Select's values are non-empty strings). */
export const IGNORE = '__ignore__';

export interface TargetGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The choices for a column: ignore it, a user field, or one of the company's custom fields. */
export function targetGroups(customFields: readonly Pick<CustomFieldListItem, 'key' | 'label'>[]): TargetGroup[] {
  const groups: TargetGroup[] = [
    { group: 'Skip', items: [{ value: IGNORE, label: 'Ignore this column' }] },
    {
      group: 'User fields',
      items: IMPORT_USER_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
    },
  ];
  if (customFields.length > 0) {
    groups.push({
      group: 'Custom fields',
      items: customFields.map((field) => ({ value: `${IMPORT_CUSTOM_FIELD_PREFIX}${field.key}`, label: field.label })),
    });
  }
  return groups;
}

/**
 * What the server would refuse, said as the user picks: a field chosen by two columns (the later
 * one is marked, as the server does), and no column to find users by.
 */
export function mappingProblems(mapping: ImportMapping): { columns: Record<number, string>; general: string | null } {
  const columns: Record<number, string> = {};
  const seen = new Map<string, number>();
  mapping.forEach((target, index) => {
    if (target === null) return;
    const first = seen.get(target);
    if (first === undefined) seen.set(target, index);
    else columns[index] = `Column ${first + 1} is already mapped to this field.`;
  });
  const general = seen.has('username') || seen.has('email') ? null : 'Map a column to Username or E-mail.';
  return { columns, general };
}

/** The server's 422 details for a mapping (`mapping.3`, `mapping`) in the same shape. */
export function serverMappingErrors(details: Record<string, string[]>) {
  const columns: Record<number, string> = {};
  let general: string | null = null;
  for (const [key, messages] of Object.entries(details)) {
    const match = /^mapping\.(\d+)$/.exec(key);
    if (match) columns[Number(match[1])] = messages.join(' ');
    else general = [general, ...messages].filter(Boolean).join(' ');
  }
  return { columns, general };
}
