import { useSearchParams } from 'react-router';
import { Tab, Tabs } from '../../../components/tabs/index.ts';
import { DeliveriesTab } from '../components/deliveries-tab.tsx';
import { ScheduleTab } from '../components/schedule-tab.tsx';

const TABS = ['schedule', 'log'] as const;

/**
 * Notifications (`/notifications`, issue 17): the company's schedule (one row per notification:
 * type, method, template, sender, timing, quiet hours, enabled) and the delivery log. The tab is in
 * the URL (`?tab=log`), so a link opens the log.
 */
export default function NotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const current = TABS.find((tab) => tab === search.get('tab')) ?? 'schedule';
  return (
    <Tabs
      label="Notifications"
      value={current}
      onChange={(value) => {
        // Only the tab is kept: the log's own filters live in the URL while it is open.
        setSearch(value === 'log' ? { tab: 'log' } : {}, { replace: true });
      }}
      keepMounted={false}
    >
      <Tab value="schedule" label="Schedule">
        <ScheduleTab />
      </Tab>
      <Tab value="log" label="Delivery log">
        <DeliveriesTab />
      </Tab>
    </Tabs>
  );
}
