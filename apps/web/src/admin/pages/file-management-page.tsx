import { IconFolders } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function FileManagementPage() {
  return (
    <PlaceholderPage
      icon={IconFolders}
      heading={'Company files'}
      description={'Logos, certificate backgrounds and policy documents: upload, preview, copy a link, delete.'}
      filledBy={LATER}
    />
  );
}
