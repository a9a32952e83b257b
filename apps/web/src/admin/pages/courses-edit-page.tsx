import { IconPencil } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function CoursesEditPage() {
  return (
    <PlaceholderPage
      icon={IconPencil}
      heading={'Edit a course'}
      description={'Everything about one course: its details, topics and questions, and the companies that may use it.'}
      filledBy={LATER}
    />
  );
}
