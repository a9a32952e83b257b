import { IconUpload } from '@tabler/icons-react';
import { ISSUE_4, PlaceholderPage } from '../components/placeholder-page.tsx';

export function UsersImportNewPage() {
  return (
    <PlaceholderPage
      icon={IconUpload}
      heading={'Import users from a file'}
      description={
        'Upload a CSV or XLSX file, match its columns to user fields, choose the options, check a dry run, then import in the background with live progress.'
      }
      filledBy={ISSUE_4}
    />
  );
}
