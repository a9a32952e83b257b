import { IconTemplate } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function NotificationTemplatesPage() {
  return (
    <PlaceholderPage
      icon={IconTemplate}
      heading={'Message templates'}
      description={
        'The subject and text of every notification by type and method, with placeholders, a preview, and the system defaults to copy and adjust.'
      }
      filledBy={LATER}
    />
  );
}
