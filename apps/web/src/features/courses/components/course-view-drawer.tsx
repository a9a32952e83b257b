import type { Course } from '@heed/contract';
import { Badge, Drawer, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { useCourse } from '../api/course.ts';
import { formatDays, formatDuration, formatMonths } from '../model/course-format.ts';
import { topicKindLabel } from '../model/topic-kinds.ts';

/**
 * A course as a Department or Company Manager reads it (issue 15, item 2): what it asks of learners,
 * topic by topic, and its rules. Read-only: only site administrators change courses.
 */
export function CourseViewDrawer({ courseId, onClose }: { courseId: number | null; onClose: () => void }) {
  const course = useCourse(courseId);
  return (
    <Drawer
      opened={courseId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h3">
          {course.data?.name ?? 'Course'}
        </Title>
      }
    >
      {course.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={18} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={160} />
        </Stack>
      ) : course.isError ? (
        <LoadFailed
          title="This course could not be loaded"
          error={course.error}
          onRetry={() => void course.refetch()}
          retrying={course.isFetching}
        />
      ) : (
        <CourseFacts course={course.data} />
      )}
    </Drawer>
  );
}

function CourseFacts({ course }: { course: Course }) {
  const months = formatMonths(course.recertify_months);
  const facts: [string, string][] = [
    ['Category', course.category?.name ?? 'None'],
    ['Estimated duration', formatDuration(course.duration_minutes) ?? 'Not given'],
    ['Passing score', course.passing_score === null ? 'None' : `${course.passing_score}%`],
    ['Attempts allowed', course.attempts_allowed === null ? 'Unlimited' : String(course.attempts_allowed)],
    ['Recertification', months ? `Every ${months}` : 'Never'],
  ];
  if (months) {
    facts.push(['Renewal assigned', `${formatDays(course.renewal_days)} before expiry`]);
    facts.push(['Grace period', course.grace_days === 0 ? 'None' : formatDays(course.grace_days)]);
  }
  facts.push(['Learners assigned in your company', course.learners.toLocaleString('en-US')]);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge color={course.active ? 'teal' : 'gray'} variant="light">
          {course.active ? 'Active' : 'Inactive'}
        </Badge>
        <Badge color="gray" variant="outline">
          Version {course.version}
        </Badge>
      </Group>
      {course.description && <Text size="sm">{course.description}</Text>}
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%" scope="row">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Topics ({course.topics.length})
        </Title>
        {course.topics.length === 0 ? (
          <Text size="sm" c="dimmed">
            This course has no topics yet.
          </Text>
        ) : (
          <List type="ordered" spacing="xs">
            {course.topics.map((topic) => (
              <List.Item key={topic.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {topic.name}
                  </Text>
                  <Badge size="sm" variant="light" color="gray">
                    {topicKindLabel(topic.kind)}
                  </Badge>
                  {topic.kind === 'questions' && (
                    <Text size="xs" c="dimmed">
                      {topic.question_pool !== null && topic.question_pool < topic.questions.length
                        ? `${topic.question_pool} of ${topic.questions.length} questions`
                        : `${topic.questions.length} questions`}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
