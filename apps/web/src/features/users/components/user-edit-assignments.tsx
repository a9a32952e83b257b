import type { UserAssignment } from '@heed/contract';
import { Center, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { USER_ASSIGNMENTS_PAGE_SIZE, useUserAssignments } from '../api/list-user-assignments.ts';
import classes from './user-edit-assignment-status.module.css';
import { AssignmentStatusBadge } from './user-edit-assignment-status.tsx';
import { LoadFailed } from '../../../components/load-failed/index.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const day = (value: string | null) => (value ? dateFormat.format(new Date(value)) : '—');

function Row({ assignment }: { assignment: UserAssignment }) {
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
    </Table.Tr>
  );
}

/** The user's course assignments (read-only), newest first, ten a page, with designed loading, empty and error states. */
export function UserEditAssignments({ userId, firstName }: { userId: number; firstName: string }) {
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
      <Stack gap="xs" aria-busy="true" aria-label="Loading assignments">
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((assignment) => (
            <Row key={assignment.id} assignment={assignment} />
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
