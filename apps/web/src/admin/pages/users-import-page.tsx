import { IconFileImport } from '@tabler/icons-react';
import { ISSUE_4, PlaceholderPage } from '../components/placeholder-page.tsx';

export function UsersImportPage() {
  return (
    <PlaceholderPage
      icon={IconFileImport}
      heading={'Imports of users'}
      description={
        'Every import of users: who ran it, when, which file, its status, the counts of created, updated and failed rows, and the error report to download.'
      }
      filledBy={ISSUE_4}
    />
  );
}
