import { IconGavel } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AssignmentRulesPage() {
  return (
    <PlaceholderPage
      icon={IconGavel}
      heading={'Training by rule'}
      description={
        'Rules that assign courses by department, role, custom field or hire date, with due dates and recertification; a preview of who matches, and a run now.'
      }
      filledBy={LATER}
    />
  );
}
