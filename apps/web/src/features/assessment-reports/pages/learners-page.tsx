import type { ReactNode } from 'react';
import { Badge, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { courseSummaryQueryOptions, learnerSummaryQueryOptions } from '../api/assessment-reports.ts';
import { AssessmentGuard } from '../components/assessment-guard.tsx';
import { ReportFilterBar } from '../components/report-filter-bar.tsx';
import { percent, useReportFilters } from '../components/report-filters.ts';
import { ReportError, ReportLoading } from '../components/report-states.tsx';

const PER_PAGE = 25;
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function LearnerSummary() {
  const filters = useReportFilters();
  const courses = useQuery(courseSummaryQueryOptions(filters.query));
  const query = useQuery(
    learnerSummaryQueryOptions({
      ...filters.query,
      ...(filters.courseId ? { 'field[course_id]': filters.courseId } : {}),
      page: filters.page,
      per_page: PER_PAGE,
    }),
  );
  const options = (courses.data?.data ?? []).map((row) => ({ value: String(row.course.id), label: row.course.name }));
  let body: ReactNode;
  if (query.isPending) body = <ReportLoading />;
  else if (query.isError) body = <ReportError error={query.error} />;
  else if (query.data.data.length === 0)
    body = (
      <Text c="dimmed" p="md">
        No learner has finished an attempt under these filters.
      </Text>
    );
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover stickyHeader aria-label="Scores per learner and course">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
                <Table.Th ta="right">Best score</Table.Th>
                <Table.Th ta="right">Last score</Table.Th>
                <Table.Th ta="right">Answers right</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Last attempt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((row) => (
                <Table.Tr key={`${row.learner.id}:${row.course.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.learner.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.learner.username}
                      {row.learner.suspended ? ' · Deactivated' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.department?.name ?? '—'}</Table.Td>
                  <Table.Td>{row.course.name}</Table.Td>
                  <Table.Td ta="right">{row.attempts}</Table.Td>
                  <Table.Td ta="right">{row.best_score ?? '—'}</Table.Td>
                  <Table.Td ta="right">{row.last_score ?? '—'}</Table.Td>
                  <Table.Td ta="right">{percent(row.facility)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.passed ? 'green' : 'red'}>
                      {row.passed ? 'Passed' : 'Not passed'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.last_attempt_at ? DAY.format(new Date(row.last_attempt_at)) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" px="sm" pt="xs">
          <Text size="sm" c="dimmed">
            {query.data.meta.total} learner results
          </Text>
          {query.data.meta.last_page > 1 && (
            <Pagination
              total={query.data.meta.last_page}
              value={filters.page}
              onChange={(page) => filters.set({ page: String(page) })}
              size="sm"
            />
          )}
        </Group>
      </>
    );
  return (
    <Stack gap="sm">
      <ReportFilterBar filters={filters} courses={options} />
      <Paper withBorder radius="md" p="xs">
        {body}
      </Paper>
    </Stack>
  );
}

/** Learners (`/assessment/learners`): each learner's attempts and scores per course, in the reader's reach. */
export default function LearnersPage() {
  return (
    <AssessmentGuard>
      <LearnerSummary />
    </AssessmentGuard>
  );
}
