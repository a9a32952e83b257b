import { RULE_RUN_TRIGGER_LABELS, type RuleRun, isRuleRunQueued } from '@heed/contract';
import { Button, Checkbox, Group, Modal, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { JobProgress } from '../../../components/job-progress/job-progress.tsx';
import { notify } from '../../../components/notices/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useInvalidateRules, useRuleRuns, useRunRule, useUndoRun } from '../api/rule-runs.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const number = (n: number) => n.toLocaleString('en-US');

const STATUS_LABELS: Record<RuleRun['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  undone: 'Undone',
  failed: 'Failed',
};

const STATUS_COLORS: Record<RuleRun['status'], string> = {
  running: 'blue',
  completed: 'green',
  undone: 'gray',
  failed: 'red',
};

function UndoDialog({ run, onClose, ruleId }: { run: RuleRun | null; onClose: () => void; ruleId: number }) {
  const [deactivate, setDeactivate] = useState(false);
  const undo = useUndoRun();
  return (
    <Modal opened={run !== null} onClose={onClose} title="Undo this run?" centered>
      {run && (
        <Stack>
          <Text size="sm">
            {number(run.undoable)} {run.undoable === 1 ? 'assignment' : 'assignments'} that nobody has started will be
            removed. Started and completed ones stay.
          </Text>
          <Checkbox
            label="Also deactivate the rule, so that its next run does not assign them again"
            checked={deactivate}
            onChange={(event) => setDeactivate(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={undo.isPending}
              onClick={() =>
                undo.mutate(
                  { id: ruleId, runId: run.id, deactivate },
                  {
                    onSuccess: (done) => {
                      notify.success(`Run undone: ${number(done.undone)} assignments removed.`);
                      onClose();
                    },
                    onError: (error) => showApiError(error),
                  },
                )
              }
            >
              Undo run
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Run now" (with a progress bar when it runs as a job) and the rule's run history with undo. */
export function RuleRunsPanel({ ruleId, active }: { ruleId: number; active: boolean }) {
  const [page, setPage] = useState(1);
  const [jobId, setJobId] = useState<number | null>(null);
  const [undoing, setUndoing] = useState<RuleRun | null>(null);
  const runs = useRuleRuns(ruleId, page);
  const runNow = useRunRule();
  const invalidate = useInvalidateRules();
  const start = () =>
    runNow.mutate(ruleId, {
      onSuccess: (result) => {
        if (isRuleRunQueued(result)) setJobId((result as { job_id: number }).job_id);
        else notify.success(`Run finished: ${number((result as RuleRun).created)} assignments created.`);
      },
      onError: (error) => showApiError(error),
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Rules also run by themselves: when a user is created or changed, and every night.
        </Text>
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          onClick={start}
          loading={runNow.isPending}
          disabled={!active || jobId !== null}
          title={active ? undefined : 'Activate the rule to run it.'}
        >
          Run now
        </Button>
      </Group>
      {jobId !== null && (
        <JobProgress
          jobId={jobId}
          label="Running the rule"
          itemsLabel="learners"
          onFinished={() => {
            setJobId(null);
            invalidate();
          }}
        />
      )}
      {runs.isPending ? (
        <Skeleton height={120} />
      ) : runs.data && runs.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          This rule has not run yet.
        </Text>
      ) : (
        <Table striped fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ran</Table.Th>
              <Table.Th>Trigger</Table.Th>
              <Table.Th ta="right">Assigned</Table.Th>
              <Table.Th ta="right">Already had it</Table.Th>
              <Table.Th ta="right">Protected</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data?.data.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  {when.format(new Date(run.started_at))}
                  {run.started_by && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      by {run.started_by.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{RULE_RUN_TRIGGER_LABELS[run.trigger]}</Table.Td>
                <Table.Td ta="right">{number(run.created)}</Table.Td>
                <Table.Td ta="right">{number(run.already_assigned)}</Table.Td>
                <Table.Td ta="right">{number(run.protected)}</Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={500} c={STATUS_COLORS[run.status]} style={{ whiteSpace: 'nowrap' }}>
                    {STATUS_LABELS[run.status]}
                    {run.status === 'undone' ? ` (${number(run.undone)} removed)` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {run.status === 'completed' && run.undoable > 0 && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      onClick={() => setUndoing(run)}
                    >
                      Undo
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {runs.data && runs.data.meta.last_page > 1 && (
        <Pagination size="sm" total={runs.data.meta.last_page} value={page} onChange={setPage} aria-label="Run pages" />
      )}
      <UndoDialog run={undoing} ruleId={ruleId} onClose={() => setUndoing(null)} />
    </Stack>
  );
}
