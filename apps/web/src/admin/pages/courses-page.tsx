import { IconCertificate } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CoursesPage() {
  return (
    <PlaceholderPage
      icon={IconCertificate}
      heading={'The course catalog'}
      description={
        'Courses by category with their duration, passing score, recertification period, topics and questions, and which companies may use them.'
      }
      filledBy={LATER}
    />
  );
}
