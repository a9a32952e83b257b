import type { AutomatedReport } from '@heed/contract';
import { Button, Drawer, Group, Tabs } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { useDeleteAutomatedReport } from '../api/save-automated-report.ts';
import { ReportEditor } from './report-editor.tsx';
import { ReportRunsPanel } from './report-runs-panel.tsx';

export interface ReportDrawerProps {
  /** The report open, `'new'` for a new one, null when closed. */
  report: AutomatedReport | 'new' | null;
  onClose: () => void;
  onSaved: (report: AutomatedReport) => void;
}

/** A report's drawer: the form, and its runs with Run now and the files. */
export function ReportDrawer({ report, onClose, onSaved }: ReportDrawerProps) {
  const [tab, setTab] = useState<string | null>('report');
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteAutomatedReport();
  const saved = report !== null && report !== 'new' ? report : null;
  return (
    <Drawer
      opened={report !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={saved ? saved.name : 'New automated report'}
    >
      {report !== null && (
        <Tabs value={saved ? tab : 'report'} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="report">Report</Tabs.Tab>
            <Tabs.Tab value="runs" disabled={!saved}>
              Runs
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="report">
            <ReportEditor key={saved?.id ?? 'new'} report={saved} onSaved={onSaved} onCancel={onClose} />
            {saved && (
              <Group mt="xl">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                >
                  Delete report
                </Button>
              </Group>
            )}
          </Tabs.Panel>
          {saved && (
            <Tabs.Panel value="runs">
              <ReportRunsPanel reportId={saved.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete this automated report?"
        message="Its runs and their files are deleted too, and the links already e-mailed stop working."
        confirmLabel="Delete report"
        danger
        error={deleteError}
        onClose={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
        onConfirm={async () => {
          if (!saved) return;
          try {
            await remove.mutateAsync(saved.id);
          } catch (error) {
            setDeleteError(error instanceof Error ? error.message : 'The report could not be deleted.');
            throw error;
          }
          notify.success('The automated report was deleted.');
          onClose();
        }}
      />
    </Drawer>
  );
}
