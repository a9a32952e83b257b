import { IconBell } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function NotificationsPage() {
  return (
    <PlaceholderPage
      icon={IconBell}
      heading={'Notifications'}
      description={
        'The e-mails and text messages Heed sends (reminders, assignments, reports), when they go out, and a log of every delivery with its status.'
      }
      filledBy={LATER}
    />
  );
}
