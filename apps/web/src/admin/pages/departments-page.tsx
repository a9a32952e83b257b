import { IconSitemap } from '@tabler/icons-react';
import { ISSUE_4, PlaceholderPage } from '../components/placeholder-page.tsx';

export function DepartmentsPage() {
  return (
    <PlaceholderPage
      icon={IconSitemap}
      heading={'The organisation tree'}
      description={'Add, rename, move and delete departments, with the number of people in each.'}
      filledBy={ISSUE_4}
    />
  );
}
