import type { AutomatedReport } from '@heed/contract';
import { Button } from '@mantine/core';
import { IconCalendarStats, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { type EmptyCopy, ListPage, type ListPageConfig, useListPage } from '../../../components/list-page/index.ts';
import {
  AUTOMATED_REPORTS_PREFERENCE,
  AUTOMATED_REPORTS_RULES,
  listAutomatedReportsQueryOptions,
} from '../api/list-automated-reports.ts';
import { DEFAULT_REPORT_COLUMNS, REPORT_COLUMNS } from '../components/report-columns.tsx';
import { ReportDrawer } from '../components/report-drawer.tsx';

const config: ListPageConfig<AutomatedReport> = {
  name: AUTOMATED_REPORTS_PREFERENCE,
  rules: AUTOMATED_REPORTS_RULES,
  defaultColumns: DEFAULT_REPORT_COLUMNS,
  listQuery: listAutomatedReportsQueryOptions,
  preferences: apiPreferenceStore,
};

const reportId = (report: AutomatedReport) => String(report.id);
const reportName = (report: AutomatedReport) => report.name;

/**
 * Automated Reports (`/settings/automated-reports`, site admins; issue 18 item 5): the company's
 * scheduled reports on the list pattern; a row opens its drawer (the form, and its runs with Run now
 * and the files).
 */
export default function AutomatedReportsPage() {
  const list = useListPage(config);
  const [open, setOpen] = useState<AutomatedReport | 'new' | null>(null);
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen('new')}>
      New automated report
    </Button>
  );
  const empty: EmptyCopy = {
    title: 'No automated reports yet',
    description:
      'An automated report sends a dashboard report as CSV, XLSX or a PDF summary on a schedule, each recipient with the figures of their own departments.',
    icon: <IconCalendarStats size={24} stroke={1.6} aria-hidden />,
    action: newButton,
  };
  return (
    <>
      <ListPage
        list={list}
        label="Automated reports"
        noun={{ one: 'automated report', other: 'automated reports' }}
        columns={REPORT_COLUMNS}
        getRowId={reportId}
        rowLabel={reportName}
        search={{ label: 'Filter automated reports', placeholder: 'Report name' }}
        empty={empty}
        onOpenRow={(report) => setOpen(report)}
        actions={newButton}
      />
      <ReportDrawer report={open} onClose={() => setOpen(null)} onSaved={(report) => setOpen(report)} />
    </>
  );
}
