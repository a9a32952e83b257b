import type { ReactNode } from 'react';
import type { AssessmentCourseRow } from '@heed/contract';
import { Anchor, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { EmptyState } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { courseSummaryQueryOptions } from '../api/assessment-reports.ts';
import { AssessmentGuard } from '../components/assessment-guard.tsx';
import { ReportFilterBar } from '../components/report-filter-bar.tsx';
import { percent, useReportFilters } from '../components/report-filters.ts';
import { ReportError, ReportLoading } from '../components/report-states.tsx';

function PassRate({ row }: { row: AssessmentCourseRow }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Progress
        value={(row.pass_rate ?? 0) * 100}
        color="green"
        size="sm"
        w={80}
        aria-label={`Pass rate ${percent(row.pass_rate)}`}
      />
      <Text size="sm" w={40} ta="right">
        {percent(row.pass_rate)}
      </Text>
    </Group>
  );
}

function CourseSummary() {
  const filters = useReportFilters();
  const query = useQuery(
    courseSummaryQueryOptions({
      ...filters.query,
      ...(filters.courseId ? { 'field[course_id]': filters.courseId } : {}),
    }),
  );
  const rows = query.data?.data ?? [];
  let body: ReactNode;
  if (query.isPending) body = <ReportLoading />;
  else if (query.isError) body = <ReportError error={query.error} />;
  else if (rows.length === 0)
    body = (
      <EmptyState variant="light">
        <EmptyState.Indicator>
          <IconFileAnalytics size={24} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2} fz="md">
          No finished attempts yet
        </EmptyState.Title>
        <EmptyState.Description>
          When learners finish a course with questions, its results show here: learners, attempts, scores and pass
          rates, and how each question was answered.
        </EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={800}>
        <Table highlightOnHover stickyHeader aria-label="Question results per course">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Course</Table.Th>
              <Table.Th ta="right">Learners</Table.Th>
              <Table.Th ta="right">Attempts</Table.Th>
              <Table.Th ta="right">Average score</Table.Th>
              <Table.Th ta="right">Pass rate</Table.Th>
              <Table.Th ta="right">Answers right</Table.Th>
              <Table.Th>Drill into</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.course.id}>
                <Table.Td fw={500}>{row.course.name}</Table.Td>
                <Table.Td ta="right">{row.learners}</Table.Td>
                <Table.Td ta="right">{row.attempts}</Table.Td>
                <Table.Td ta="right">{row.average_score ?? '—'}</Table.Td>
                <Table.Td>
                  <PassRate row={row} />
                </Table.Td>
                <Table.Td ta="right">{percent(row.facility)}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`/assessment/learners${filters.carry({ course_id: row.course.id })}`}
                      size="sm"
                    >
                      Learners
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={`/assessment/episodes${filters.carry({ course_id: row.course.id })}`}
                      size="sm"
                    >
                      Topics
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Stack gap="sm">
      <ReportFilterBar filters={filters} />
      <Paper withBorder radius="md" p="xs">
        {body}
      </Paper>
    </Stack>
  );
}

/**
 * Assessment Reports (`/assessment`, companies with question reports): per course, the learners in
 * the reader's reach, finished attempts, average score and pass rate, with a way into each course's
 * learners and topics.
 */
export default function AssessmentPage() {
  return (
    <AssessmentGuard>
      <CourseSummary />
    </AssessmentGuard>
  );
}
