import { IconPlugConnected } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function HrisPage() {
  return (
    <PlaceholderPage
      icon={IconPlugConnected}
      heading={'Provisioning from HR systems'}
      description={
        'SCIM 2.0 for Workday, BambooHR, Okta or Entra ID: base URL, bearer tokens, how their attributes map to user fields, and a log of recent calls.'
      }
      filledBy={LATER}
    />
  );
}
