import { IconClipboardPlus } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AssignmentsNewPage() {
  return (
    <PlaceholderPage
      icon={IconClipboardPlus}
      heading={'Assign courses'}
      description={'Choose learners and courses, set the due date and recertification, and assign them in one step.'}
      filledBy={LATER}
    />
  );
}
