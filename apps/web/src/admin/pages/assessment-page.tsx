import { IconFileAnalytics } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AssessmentPage() {
  return (
    <PlaceholderPage
      icon={IconFileAnalytics}
      heading={'How learners answer'}
      description={
        'Question results per course: learners, attempts, average score and pass rate, with a way into each learner and each topic.'
      }
      filledBy={LATER}
    />
  );
}
