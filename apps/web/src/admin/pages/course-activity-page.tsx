import { IconTimeline } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CourseActivityPage() {
  return (
    <PlaceholderPage
      icon={IconTimeline}
      heading={"Learners' course activity"}
      description={
        'Every course event of every learner: launched, progressed, answered, completed, certificate issued, oldest first, filtered by learner, course, event and date.'
      }
      filledBy={LATER}
    />
  );
}
