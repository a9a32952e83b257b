import { type CustomFieldListItem, type CustomFieldType, ROLE_LABELS, type User, isRoleId } from '@heed/contract';
import { Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
/** A custom date field holds a calendar day (YYYY-MM-DD): shown as that day wherever the reader is. */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const Missing = ({ children = '—' }: { children?: string }) => (
  <Text span c="dimmed" size="sm">
    {children}
  </Text>
);

/** A date in the table; the full time in its tooltip. */
function DateCell({ value, missing }: { value: string | null; missing?: string }) {
  if (!value) return <Missing>{missing}</Missing>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <Missing />;
  return (
    <time dateTime={value} title={timeFormat.format(date)}>
      {dateFormat.format(date)}
    </time>
  );
}

export const roleLabel = (role: number) => (isRoleId(role) ? ROLE_LABELS[role] : ROLE_LABELS[0]);

/** The users table's columns (PRODUCT.md "Users"); sort keys are GET /users' `sort` values. */
export const USER_COLUMNS: ListColumn<User>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'last_name',
    hideable: false,
    minWidth: 180,
    cell: (user) => (
      <Text span size="sm" fw={500}>
        {user.name}
      </Text>
    ),
  },
  { id: 'username', label: 'Username', sortKey: 'username', cell: (user) => user.username },
  { id: 'email', label: 'Email', sortKey: 'email', cell: (user) => user.email ?? <Missing /> },
  { id: 'role', label: 'Role', sortKey: 'role', cell: (user) => roleLabel(user.role) },
  {
    id: 'department',
    label: 'Department',
    sortKey: 'department',
    cell: (user) => user.department?.name ?? <Missing />,
  },
  {
    id: 'manager',
    label: 'Manager',
    sortKey: 'manager',
    defaultVisible: false,
    cell: (user) => user.manager?.name ?? <Missing />,
  },
  {
    id: 'status',
    label: 'Status',
    sortKey: 'suspended',
    minWidth: 112,
    cell: (user) => <UserStatusBadge suspended={user.suspended} />,
  },
  {
    id: 'last_sign_in',
    label: 'Last sign-in',
    sortKey: 'last_login_at',
    cell: (user) => <DateCell value={user.last_login_at} missing="Never" />,
  },
  {
    id: 'created',
    label: 'Created',
    sortKey: 'created_at',
    defaultVisible: false,
    cell: (user) => <DateCell value={user.created_at} />,
  },
];

const CUSTOM_COLUMN_PREFIX = 'cf.';

/** "employee_id" → "Employee id": the label of a key whose field is not (yet) known. */
const labelOfKey = (key: string) => {
  const words = key.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A custom value as its field's type reads: dates formatted, booleans as Yes/No, the rest as stored. */
export function customValue(value: string | null | undefined, type?: CustomFieldType) {
  if (value === null || value === undefined || value === '') return <Missing />;
  if (type === 'date') {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : <time dateTime={value}>{dayFormat.format(date)}</time>;
  }
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return value;
}

type ColumnField = Pick<CustomFieldListItem, 'key' | 'label' | 'type' | 'show_in_table'>;

const customColumn = (field: ColumnField): ListColumn<User> => ({
  id: `${CUSTOM_COLUMN_PREFIX}${field.key}`,
  label: field.label,
  defaultVisible: field.show_in_table,
  align: field.type === 'number' ? 'right' : 'left',
  cell: (user: User) => customValue(user.custom_fields[field.key], field.type),
});

/**
 * A column per custom field. With the company's fields (GET /custom-fields): their labels, in their
 * order, shown in a fresh view when the field says "shown in the users table". Until they load, the
 * keys the rows carry and the ones a saved view shows (so a chosen custom column survives a page
 * whose rows lack it), labelled from the key.
 */
export function customFieldColumns(
  fields: readonly ColumnField[] | undefined,
  users: readonly User[],
  savedIds: readonly string[],
): ListColumn<User>[] {
  if (fields) return fields.map(customColumn);
  const keys = new Set<string>();
  for (const user of users) for (const key of Object.keys(user.custom_fields)) keys.add(key);
  for (const id of savedIds) if (id.startsWith(CUSTOM_COLUMN_PREFIX)) keys.add(id.slice(CUSTOM_COLUMN_PREFIX.length));
  return [...keys]
    .sort()
    .map((key) => customColumn({ key, label: labelOfKey(key), type: 'text', show_in_table: false }));
}

/** A fresh view's columns: the built-in defaults, then the custom fields shown in the users table. */
export const defaultUserColumns = (fields: readonly ColumnField[] | undefined): string[] => [
  ...DEFAULT_USER_COLUMNS,
  ...(fields ?? []).filter((field) => field.show_in_table).map((field) => `${CUSTOM_COLUMN_PREFIX}${field.key}`),
];

/** Visible in a fresh view: name, username, email, role, department, status, last sign-in. */
export const DEFAULT_USER_COLUMNS = USER_COLUMNS.filter((column) => column.defaultVisible !== false).map(
  (column) => column.id,
);
