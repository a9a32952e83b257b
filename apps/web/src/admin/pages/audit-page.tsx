import { IconListDetails } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AuditPage() {
  return (
    <PlaceholderPage
      icon={IconListDetails}
      heading={'Every change, on the record'}
      description={
        'Each change made through the API: when, who (and who impersonated them), the company, the action, the record, the values before and after, and the IP address.'
      }
      filledBy={LATER}
    />
  );
}
