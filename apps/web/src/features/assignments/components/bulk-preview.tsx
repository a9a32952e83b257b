import type { BulkAssignmentsPreviewResponse } from '@heed/contract';
import { Alert, Group, List, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { countOf } from '../../../components/list-page/index.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { PREVIEW_PAGE_SIZE } from '../api/bulk-assignments.ts';
import { AssignmentStatusBadge } from './assignment-status-badge.tsx';
import { DateCell } from './assignments-columns.tsx';

const ASSIGNMENTS = { one: 'assignment', other: 'assignments' };

export interface BulkPreviewProps {
  preview: BulkAssignmentsPreviewResponse | undefined;
  error: unknown;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}

/** Who the action would change (paged), and how many it would leave alone and why: before anything applies. */
export function BulkPreview({ preview, error, loading, page, onPage }: BulkPreviewProps) {
  if (error && !preview)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="No preview">
        {formatApiError(error).message}
      </Alert>
    );
  if (!preview)
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading the preview">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={20} radius="sm" />
        ))}
      </Stack>
    );
  const { data, rows, meta } = preview;
  return (
    <Stack gap="sm" data-testid="bulk-preview" opacity={loading ? 0.6 : 1}>
      {data.errors.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Left unchanged: {countOf(data.skipped, ASSIGNMENTS)}
          </Text>
          <List size="sm" spacing={2}>
            {data.errors.map((problem) => (
              <List.Item key={problem.reason}>
                {countOf(problem.count, ASSIGNMENTS)}: {problem.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm" aria-label="Assignments that would change">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Due now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.learner.name}</Table.Td>
                  <Table.Td>{row.course.name}</Table.Td>
                  <Table.Td>
                    <AssignmentStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <DateCell value={row.due_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {meta.last_page > 1 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {((page - 1) * PREVIEW_PAGE_SIZE + 1).toLocaleString('en-US')}–
            {Math.min(page * PREVIEW_PAGE_SIZE, meta.total).toLocaleString('en-US')} of{' '}
            {meta.total.toLocaleString('en-US')}
          </Text>
          <Pagination
            size="sm"
            total={meta.last_page}
            value={page}
            onChange={onPage}
            aria-label="Pages of the preview"
          />
        </Group>
      )}
    </Stack>
  );
}
