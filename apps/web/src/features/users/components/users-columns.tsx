import { ROLE_LABELS, type User, isRoleId } from '@heed/contract';
import { Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
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
  { id: 'department', label: 'Department', cell: (user) => user.department?.name ?? <Missing /> },
  { id: 'manager', label: 'Manager', defaultVisible: false, cell: (user) => user.manager?.name ?? <Missing /> },
  { id: 'status', label: 'Status', minWidth: 112, cell: (user) => <UserStatusBadge suspended={user.suspended} /> },
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

export const CUSTOM_COLUMN_PREFIX = 'cf.';

/** "employee_id" → "Employee id": a readable label until the custom fields' own labels can be read. */
const labelOfKey = (key: string) => {
  const words = key.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function customValue(value: string | null | undefined) {
  if (value === null || value === undefined || value === '') return <Missing />;
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return value;
}

/**
 * A column per custom field: the keys the rows carry, plus the ones a saved view shows (so a
 * chosen custom column survives a page whose rows lack it). Hidden until the reader shows them.
 */
export function customFieldColumns(users: readonly User[], savedIds: readonly string[]): ListColumn<User>[] {
  const keys = new Set<string>();
  for (const user of users) for (const key of Object.keys(user.custom_fields)) keys.add(key);
  for (const id of savedIds) if (id.startsWith(CUSTOM_COLUMN_PREFIX)) keys.add(id.slice(CUSTOM_COLUMN_PREFIX.length));
  return [...keys].sort().map((key) => ({
    id: `${CUSTOM_COLUMN_PREFIX}${key}`,
    label: labelOfKey(key),
    defaultVisible: false,
    cell: (user: User) => customValue(user.custom_fields[key]),
  }));
}

/** Visible in a fresh view: name, username, email, role, department, status, last sign-in. */
export const DEFAULT_USER_COLUMNS = USER_COLUMNS.filter((column) => column.defaultVisible !== false).map(
  (column) => column.id,
);
