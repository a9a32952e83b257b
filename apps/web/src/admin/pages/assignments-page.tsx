import { IconClipboardCheck } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AssignmentsPage() {
  return (
    <PlaceholderPage
      icon={IconClipboardCheck}
      heading={'Course assignments'}
      description={
        'Who must complete which course by when: status, due date, completion, score and certificate, with filters, bulk actions and exports.'
      }
      filledBy={LATER}
    />
  );
}
