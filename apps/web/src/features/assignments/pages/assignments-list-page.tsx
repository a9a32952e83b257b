import type { AssignmentListItem } from '@heed/contract';
import { Button } from '@mantine/core';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type EmptyCopy, ListPage, type ListPageConfig, useListPage } from '../../../components/list-page/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { ASSIGNMENTS_EXPORT_URL } from '../api/export-assignments.ts';
import { ASSIGNMENTS_LIST_RULES, listAssignmentsQueryOptions } from '../api/list-assignments.ts';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { ASSIGNMENTS_LIST_PREFERENCE } from '../api/preference-store.ts';
import { canAssign } from '../components/assign-permission.ts';
import { ASSIGNMENT_COLUMNS, DEFAULT_ASSIGNMENT_COLUMNS } from '../components/assignments-columns.tsx';
import { AssignmentsListBulkActions } from '../components/assignments-bulk-actions.tsx';
import { AssignmentsFilters } from '../components/assignments-filters.tsx';

const config: ListPageConfig<AssignmentListItem> = {
  name: ASSIGNMENTS_LIST_PREFERENCE,
  rules: ASSIGNMENTS_LIST_RULES,
  defaultColumns: DEFAULT_ASSIGNMENT_COLUMNS,
  listQuery: listAssignmentsQueryOptions,
  preferences: apiPreferenceStore,
};

/** The console's path of New assignment (the route table's `assignments-new`). */
export const NEW_ASSIGNMENT_PATH = '/assignments/new';

function CreateAssignmentButton() {
  return (
    <Button component={Link} to={NEW_ASSIGNMENT_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
      Create assignment
    </Button>
  );
}

const assignmentId = (a: AssignmentListItem) => String(a.id);
const assignmentLabel = (a: AssignmentListItem) => `${a.learner.name}: ${a.course.name}`;

/**
 * Assignments (`/assignments`, PRODUCT.md "Assignments"): every assignment of the learners in the
 * reader's reach, on the console's list pattern, status derived by the server at each request.
 * Reviewers read; Department Managers and up also create, and act on selected rows or "all N matching"
 * (change due date, send reminder now, reset, remove: issue 16 item 2).
 */
export default function AssignmentsListPage() {
  const list = useListPage(config);
  const session = useOptionalConsoleSession();
  const mayAssign = session === null || canAssign(session.user);
  const empty: EmptyCopy = {
    title: 'No assignments yet',
    description:
      'Assign courses to people, departments or everyone matching a custom field; each assignment shows here with its due date and status.',
    icon: <IconClipboardList size={24} stroke={1.6} aria-hidden />,
    ...(mayAssign ? { action: <CreateAssignmentButton /> } : {}),
  };
  return (
    <ListPage
      list={list}
      label="Assignments"
      noun={{ one: 'assignment', other: 'assignments' }}
      columns={ASSIGNMENT_COLUMNS}
      getRowId={assignmentId}
      rowLabel={assignmentLabel}
      search={{ label: 'Filter assignments by learner', placeholder: 'Learner name, username, e-mail' }}
      filters={<AssignmentsFilters list={list} />}
      exportEndpoint={ASSIGNMENTS_EXPORT_URL}
      empty={empty}
      selectable={mayAssign}
      bulkActions={(selection) => <AssignmentsListBulkActions list={list} selection={selection} />}
      actions={mayAssign ? <CreateAssignmentButton /> : undefined}
    />
  );
}
