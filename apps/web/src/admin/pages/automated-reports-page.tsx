import { IconCalendarStats } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function AutomatedReportsPage() {
  return (
    <PlaceholderPage
      icon={IconCalendarStats}
      heading={'Reports that send themselves'}
      description={
        'Scheduled reports with their filters, format, recipients and schedule (daily, weekly, monthly or cron), the last run and its status, and a button to run one now.'
      }
      filledBy={LATER}
    />
  );
}
