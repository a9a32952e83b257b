import type { User } from '@heed/contract';
import { IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type EmptyCopy, ListPage, type ListPageConfig, useListPage } from '../../../components/list-page/index.ts';
import { USERS_EXPORT_URL } from '../api/export-users.ts';
import { useCustomFields } from '../../../lib/queries/custom-fields.ts';
import { USERS_LIST_RULES, listUsersQueryOptions } from '../api/list-users.ts';
import { USERS_LIST_PREFERENCE, userPreferenceStore } from '../api/preference-store.ts';
import { UserEditAddButton } from '../components/user-edit-add-button.tsx';
import { UserEditEntry } from '../components/user-edit-entry.tsx';
import { useUserEditParam } from '../components/user-edit-param.ts';
import {
  DEFAULT_USER_COLUMNS,
  USER_COLUMNS,
  customFieldColumns,
  defaultUserColumns,
} from '../components/users-columns.tsx';
import { UserIdChip, UsersFilters } from '../components/users-filters.tsx';
import { UsersListBulkActions } from '../components/bulk-actions.tsx';
import { canChangeUsers } from '../components/user-edit-permissions.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';

export { USERS_LIST_PREFERENCE };

const config: ListPageConfig<User> = {
  name: USERS_LIST_PREFERENCE,
  rules: USERS_LIST_RULES,
  defaultColumns: DEFAULT_USER_COLUMNS,
  listQuery: listUsersQueryOptions,
  preferences: userPreferenceStore,
};

const EMPTY: EmptyCopy = {
  title: 'No users yet',
  description: 'People appear here once they are added, imported from a file or provisioned by your HR system.',
  icon: <IconUsers size={24} stroke={1.6} aria-hidden />,
  action: <UserEditAddButton />,
};

const userId = (user: User) => String(user.id);
const userLabel = (user: User) => user.name || user.username;

/**
 * Users (`/users`, PRODUCT.md "Pages"): everyone in the company (a Department Manager's scope is the
 * server's), on the console's list pattern. `?edit=<id>` stays in the address for the user drawer;
 * `field[user_id]` from the header's user search narrows the list to that user.
 */
export default function UsersListPage() {
  const fields = useCustomFields().data;
  const listConfig = useMemo(() => ({ ...config, defaultColumns: defaultUserColumns(fields) }), [fields]);
  const list = useListPage(listConfig);
  const drawer = useUserEditParam();
  // Reviewers read: no row to tick, as no bulk action is theirs.
  const session = useOptionalConsoleSession();
  const mayChange = session === null || canChangeUsers(session.user);
  const columns = useMemo(
    () => [...USER_COLUMNS, ...customFieldColumns(fields, list.rows, list.columnIds)],
    [fields, list.rows, list.columnIds],
  );
  return (
    <ListPage
      list={list}
      label="Users"
      noun={{ one: 'user', other: 'users' }}
      columns={columns}
      getRowId={userId}
      rowLabel={userLabel}
      search={{ label: 'Filter users', placeholder: 'Name, username, e-mail' }}
      filters={<UsersFilters list={list} />}
      chips={<UserIdChip list={list} />}
      exportEndpoint={USERS_EXPORT_URL}
      empty={EMPTY}
      selectable={mayChange}
      bulkActions={(selection) => <UsersListBulkActions list={list} selection={selection} />}
      onOpenRow={(user) => drawer.openUser(user.id)}
      actions={<UserEditEntry />}
    />
  );
}
