import { Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { MY_HISTORY_PAGE_SIZE, useMyHistory } from '../api/list-my-history.ts';
import { formatDay } from '../model/due-wording.ts';
import classes from './my-status.module.css';
import { LoadFailed } from '../../../components/load-failed/index.ts';

function HistoryBody({ page, setPage }: { page: number; setPage: (page: number) => void }) {
  const query = useMyHistory(page);
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title="Your history could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your completion history">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  const { data, meta } = query.data;
  if (meta.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        Courses you complete are listed here, with your score and how long each certificate is valid.
      </Text>
    );
  }
  const now = new Date().toISOString();
  return (
    <Stack gap="sm">
      <Table
        verticalSpacing={8}
        horizontalSpacing="sm"
        aria-label="Completion history"
        data-stale={query.isPlaceholderData || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Course</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((completion) => (
            <Table.Tr key={completion.id}>
              <Table.Td>
                <Text size="sm" fw={500} lh={1.3} className={classes.courseName}>
                  {completion.course.name}
                </Text>
                {completion.expires_at && (
                  <Text size="xs" c="dimmed" lh={1.3}>
                    {completion.expires_at <= now ? 'Expired' : 'Valid until'} {formatDay(completion.expires_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{formatDay(completion.completed_at)}</Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {completion.score === null ? '—' : `${completion.score}%`}
                {completion.course.passing_score !== null && completion.score !== null && (
                  <Text size="xs" c="dimmed" lh={1.3}>
                    pass {completion.course.passing_score}%
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {meta.total} {meta.total === 1 ? 'completion' : 'completions'}
        </Text>
        {meta.last_page > 1 && (
          <Pagination
            size="sm"
            total={meta.last_page}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            aria-label={`Completion history pages, ${MY_HISTORY_PAGE_SIZE} a page`}
          />
        )}
      </Group>
    </Stack>
  );
}

/** Every completion of the learner's, recertifications included, newest first, ten a page. */
export function CompletionHistory() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Completion history
      </Title>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <HistoryBody page={page} setPage={setPage} />
      </Paper>
    </Stack>
  );
}
