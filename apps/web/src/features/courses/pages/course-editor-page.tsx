import { routePath } from '@heed/contract';
import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCertificateOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useCourse } from '../api/course.ts';
import { CourseEditor } from '../components/course-editor.tsx';
import { draftOf, emptyDraft } from '../model/course-draft.ts';

/** A stored course opens with its topics folded (their summaries show), unless it has only one. */
const OPEN_TOPICS_UP_TO = 1;

function Loading() {
  return (
    <Stack
      gap="md"
      maw={1040}
      mx="auto"
      role="status"
      aria-busy="true"
      aria-label="Loading the course"
      data-testid="course-loading"
    >
      <Skeleton h={54} radius="md" />
      <Skeleton h={320} radius="md" />
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}

function Problem({ title, description, retry }: { title: string; description: string; retry?: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} mx="auto" mt="xl">
      <EmptyState
        icon={retry ? <IconAlertTriangle size={28} aria-hidden /> : <IconCertificateOff size={28} aria-hidden />}
        variant="light"
        color={retry ? 'red' : undefined}
        title={title}
        description={description}
      >
        <EmptyState.Actions>
          {retry && <Button onClick={retry}>Try again</Button>}
          <Button component={Link} to={routePath('courses')} variant={retry ? 'default' : 'filled'}>
            Back to courses
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** `/settings/courses/new` and `/settings/courses/:id` (site admins; the route's guard sends others home). */
export default function CourseEditorPage() {
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const course = useCourse(id);
  const initial = useMemo(
    () => (id === null ? emptyDraft() : course.data ? draftOf(course.data) : null),
    [id, course.data],
  );

  if (id === null) return <CourseEditor key="new" courseId={null} initial={initial!} initiallyExpanded={[]} />;
  if (course.isPending) return <Loading />;
  if (course.isError) {
    if (isApiError(course.error, 404))
      return (
        <Problem title="Course not found" description="It may have been deleted. The catalog lists every course." />
      );
    return (
      <Problem
        title="The course could not be loaded"
        description={formatApiError(course.error).message}
        retry={() => void course.refetch()}
      />
    );
  }
  const draft = initial!;
  const open = draft.topics.length <= OPEN_TOPICS_UP_TO ? draft.topics.map((topic) => topic.uid) : [];
  return <CourseEditor key={id} courseId={id} initial={draft} initiallyExpanded={open} />;
}
