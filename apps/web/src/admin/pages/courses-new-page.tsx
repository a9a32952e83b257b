import { IconCirclePlus } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CoursesNewPage() {
  return (
    <PlaceholderPage
      icon={IconCirclePlus}
      heading={'Add a course'}
      description={
        'Name, category, description, duration, passing score, recertification, topics with their questions, and the companies that may use it.'
      }
      filledBy={LATER}
    />
  );
}
