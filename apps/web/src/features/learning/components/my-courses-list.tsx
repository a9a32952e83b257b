import type { MyAssignment } from '@heed/contract';
import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useId } from 'react';
import { useMyAssignments } from '../api/list-my-assignments.ts';
import { CompletionHistory } from './completion-history.tsx';
import { MyAssignmentCard } from './my-assignment-card.tsx';
import { LoadFailed } from '../../../components/load-failed/index.ts';

interface Group {
  key: string;
  title: string;
  items: MyAssignment[];
}

/** The API's order kept, cut into what is to do, what has lapsed and what is done. */
export function groupAssignments(assignments: MyAssignment[]): Group[] {
  const groups: Group[] = [
    { key: 'todo', title: 'To do', items: [] },
    { key: 'expired', title: 'Expired certificates', items: [] },
    { key: 'completed', title: 'Completed', items: [] },
  ];
  for (const assignment of assignments) {
    const key = assignment.status === 'expired' ? 1 : assignment.status === 'completed' ? 2 : 0;
    groups[key]!.items.push(assignment);
  }
  return groups.filter((group) => group.items.length > 0);
}

function CourseGroup({ group, now }: { group: Group; now: Date }) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {group.title}{' '}
        <Text span c="dimmed" fw={500} inherit>
          ({group.items.length})
        </Text>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {group.items.map((assignment) => (
          <MyAssignmentCard key={assignment.id} assignment={assignment} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** What a learner with nothing assigned sees. */
export function NoCoursesYet() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          <IconBook size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          No courses yet
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          Courses assigned to you will appear here, with their due dates and your progress.
        </Text>
      </Stack>
    </Paper>
  );
}

function LoadingCourses() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your courses">
      <Skeleton height={28} width={140} radius="sm" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={190} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * My Courses' body: the learner's current courses grouped in the API's order (overdue first, then
 * due soonest, then lapsed, then completed), and their completion history below; designed loading,
 * empty and error states.
 */
export function MyCoursesList({ now = new Date() }: { now?: Date }) {
  const query = useMyAssignments();
  if (query.isPending) return <LoadingCourses />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Your courses could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <NoCoursesYet />;
  return (
    <Stack gap="xl">
      {groupAssignments(query.data).map((group) => (
        <CourseGroup key={group.key} group={group} now={now} />
      ))}
      <CompletionHistory />
    </Stack>
  );
}
