import { IconUserCheck } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function LearnersPage() {
  return (
    <PlaceholderPage
      icon={IconUserCheck}
      heading={'Scores by learner'}
      description={"Each learner's score per course, to see who needs help."}
      filledBy={LATER}
    />
  );
}
