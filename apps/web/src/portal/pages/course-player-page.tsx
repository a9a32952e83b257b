import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { CoursePlayer } from '../../features/learning/components/player/course-player.tsx';
import { LearnerLayout } from '../components/learner-layout.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** `/courses/:assignmentId`: the course player of one of the learner's assignments. */
export function CoursePlayerPage() {
  const { assignmentId } = useParams();
  const id = Number(assignmentId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <NotFoundPage />;
  return (
    <SignedIn>
      {(user) => (
        <LearnerLayout user={user}>
          <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
            <CoursePlayer
              assignmentId={id}
              learner={{ id: String(user.id), name: `${user.last_name}, ${user.first_name}` }}
            />
          </Container>
        </LearnerLayout>
      )}
    </SignedIn>
  );
}
