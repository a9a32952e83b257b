import { ROLE_IDS, ROLE_LABELS, type User } from '@heed/contract';
import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { FilterMenu, type ListPageHandle } from '../../../components/list-page/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { CustomFieldFilters } from '../../../components/custom-field-filters/index.ts';
import { UsersDepartmentFilter } from './users-department-filter.tsx';

const ROLE_OPTIONS = [...ROLE_IDS]
  .sort((a, b) => ROLE_LABELS[a].localeCompare(ROLE_LABELS[b]))
  .map((id) => ({ value: String(id), label: ROLE_LABELS[id] }));

const STATUS_OPTIONS = [
  { value: '0', label: 'Active' },
  { value: '1', label: 'Deactivated' },
];

/** The users' filter controls after the text filter: role (several), status, department (subtrees) and custom fields. */
export function UsersFilters({ list }: { list: ListPageHandle<User> }) {
  const { filters } = list.state;
  const company = useOptionalConsoleSession()?.company;
  return (
    <>
      <FilterMenu
        label="Role"
        multiple
        options={ROLE_OPTIONS}
        value={filters.role ?? []}
        onChange={(values) => list.setFilter('role', values)}
      />
      <FilterMenu
        label="Status"
        anyLabel="Any status"
        options={STATUS_OPTIONS}
        value={filters.suspended ?? []}
        onChange={(values) => list.setFilter('suspended', values)}
      />
      <UsersDepartmentFilter
        label={company?.department_label ?? 'Department'}
        pluralLabel={company?.department_label_plural ?? 'Departments'}
        value={filters.department_id ?? []}
        onChange={(values) => list.setFilter('department_id', values)}
      />
      <CustomFieldFilters list={list} />
    </>
  );
}

/**
 * The one-off filter the header's user search sets (`field[user_id]`): says whom the list is
 * narrowed to and removes the filter (the `edit` parameter stays for the user's drawer).
 */
export function UserIdChip({ list }: { list: ListPageHandle<User> }) {
  const ids = list.state.filters.user_id;
  if (!ids || ids.length === 0) return null;
  const names = list.rows.filter((user) => ids.includes(String(user.id))).map((user) => user.name);
  const who = ids.length === 1 ? (names[0] ?? `user #${ids[0]}`) : `${ids.length} chosen users`;
  return (
    <Button
      variant="light"
      size="sm"
      rightSection={<IconX size={14} aria-hidden />}
      aria-label={`Only ${who} — show everyone`}
      onClick={() => list.setFilter('user_id', [])}
    >
      Only {who}
    </Button>
  );
}
