import { IconChartBar } from '@tabler/icons-react';
import { LATER, PlaceholderPage } from '../components/placeholder-page.tsx';

export function HomePage() {
  return (
    <PlaceholderPage
      icon={IconChartBar}
      heading={'Reports dashboard'}
      description={
        'Completion at a glance: assigned, not started, in progress, completed and overdue; completion over time, by department and by custom field; benchmarks against other companies; leaderboards; certifications about to expire. Every widget exports CSV and XLSX.'
      }
      filledBy={LATER}
    />
  );
}
