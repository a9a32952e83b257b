import { ASSIGNMENT_BULK_REASONS, type UserAssignment, isBulkAssignmentsQueued } from '@heed/contract';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBook, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useRemoveAssignment } from '../api/assign-courses.ts';
import { AssignCoursesDialog } from './assign-courses-dialog.tsx';
import { canChangeUsers } from './user-edit-permissions.ts';
import { USER_ASSIGNMENTS_PAGE_SIZE, useUserAssignments } from '../api/list-user-assignments.ts';
import classes from './user-edit-assignment-status.module.css';
import { AssignmentStatusBadge } from './user-edit-assignment-status.tsx';
import { LoadFailed } from '../../../components/load-failed/index.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const day = (value: string | null) => (value ? dateFormat.format(new Date(value)) : '—');

function Row({ assignment, onRemove }: { assignment: UserAssignment; onRemove?: (a: UserAssignment) => void }) {
  const done = assignment.status === 'completed';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} lh={1.3}>
          {assignment.course.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {assignment.rule ? `Rule: ${assignment.rule.name}` : 'Assigned by hand'} · {day(assignment.assigned_at)}
        </Text>
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <AssignmentStatusBadge status={assignment.status} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>{done ? day(assignment.completed_at) : day(assignment.due_at)}</Table.Td>
      <Table.Td ta="right">{assignment.score ?? '—'}</Table.Td>
      {onRemove && (
        <Table.Td ta="right" w={36}>
          {!done && (
            <Tooltip label="Remove this assignment" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Remove ${assignment.course.name}`}
                onClick={() => onRemove(assignment)}
              >
                <IconTrash size={15} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The user's course assignments, newest first, ten a page, with designed loading, empty and error
 * states. Department Managers and up add courses (New assignment's create path, never a duplicate)
 * and remove open assignments (a completion stays on record).
 */
export function UserEditAssignments({ userId, firstName }: { userId: number; firstName: string }) {
  const session = useOptionalConsoleSession();
  const mayChange = session === null || canChangeUsers(session.user);
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<UserAssignment | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useRemoveAssignment();
  const tools = mayChange ? (
    <>
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAssigning(true)}
        >
          Assign courses
        </Button>
      </Group>
      <AssignCoursesDialog
        opened={assigning}
        count={1}
        userIds={async () => [userId]}
        onClose={() => setAssigning(false)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove assignment"
        message={`Remove ${removing?.course.name ?? 'this course'} from ${firstName}'s assignments? Progress on it is lost.`}
        confirmLabel="Remove"
        danger
        error={refusal}
        onConfirm={async () => {
          if (!removing) return;
          setRefusal(null);
          try {
            const outcome = await remove.mutateAsync(removing.id);
            const problem = isBulkAssignmentsQueued(outcome) ? undefined : outcome.errors?.[0];
            if (problem) {
              setRefusal(ASSIGNMENT_BULK_REASONS[problem.reason]);
              throw new Error(problem.message);
            }
          } catch (error) {
            setRefusal((current) => current ?? formatApiError(error).message);
            throw error;
          }
        }}
        onClose={() => {
          setRemoving(null);
          setRefusal(null);
        }}
      />
    </>
  ) : null;
  const onRemove = mayChange ? setRemoving : undefined;
  return (
    <Stack gap="sm">
      {tools}
      <AssignmentsTable userId={userId} firstName={firstName} onRemove={onRemove} />
    </Stack>
  );
}

function AssignmentsTable({
  userId,
  firstName,
  onRemove,
}: {
  userId: number;
  firstName: string;
  onRemove: ((a: UserAssignment) => void) | undefined;
}) {
  const [page, setPage] = useState(1);
  const query = useUserAssignments(userId, page);

  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title="Assignments could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading assignments">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  const { data, meta } = query.data;
  if (meta.total === 0) {
    return (
      <Center py="xl">
        <Stack gap={6} align="center" maw={320}>
          <IconBook size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No assignments yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Courses assigned to {firstName}, by hand or by an assignment rule, appear here with their status.
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <Table
        verticalSpacing={6}
        horizontalSpacing="xs"
        aria-label="Assignments"
        data-stale={query.isPlaceholderData || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Course</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th className={classes.nowrap}>Due / done</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            {onRemove && (
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((assignment) => (
            <Row key={assignment.id} assignment={assignment} onRemove={onRemove} />
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {meta.total} {meta.total === 1 ? 'assignment' : 'assignments'}
        </Text>
        {meta.last_page > 1 && (
          <Pagination
            size="sm"
            total={meta.last_page}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            aria-label={`Assignment pages, ${USER_ASSIGNMENTS_PAGE_SIZE} a page`}
          />
        )}
      </Group>
    </Stack>
  );
}
