import { Container, Stack, Text, Title } from '@mantine/core';
import type { Me } from '../../features/auth/api/get-me.ts';
import { MyCoursesList } from '../../features/learning/components/my-courses-list.tsx';
import { LearnerLayout } from '../components/learner-layout.tsx';
import { SignedIn } from '../components/signed-in.tsx';

/** My Courses: the learner's current assignments, each with its next step, and the completion history. */
export function MyCoursesPage() {
  return <SignedIn>{(user) => <MyCourses user={user} />}</SignedIn>;
}

function MyCourses({ user }: { user: Me }) {
  return (
    <LearnerLayout user={user} title="My Courses · Heed">
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <div>
            <Title order={1}>My Courses</Title>
            <Text c="dimmed">Welcome, {user.first_name}.</Text>
          </div>
          <MyCoursesList />
        </Stack>
      </Container>
    </LearnerLayout>
  );
}
