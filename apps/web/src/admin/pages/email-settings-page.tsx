import { IconMail } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function EmailSettingsPage() {
  return (
    <PlaceholderPage
      icon={IconMail}
      heading={'How e-mail leaves Heed'}
      description={
        'Sender name and address, reply-to, and the SMTP server, with a button that sends a test notification.'
      }
      filledBy={LATER}
    />
  );
}
