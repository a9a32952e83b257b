import {
  type AssignmentListItem,
  ASSIGNMENT_BULK_MAX_EXCLUDED,
  type BulkAssignmentsSummary,
  type Job,
  bulkAssignmentsSummary,
  isBulkAssignmentsQueued,
} from '@heed/contract';
import { Alert, Button, Checkbox, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { DatePicker } from '../../../components/date-picker/index.ts';
import { JobProgress } from '../../../components/job-progress/index.ts';
import {
  type ListPageHandle,
  type ListSelection,
  bulkSelectionProblem,
  bulkSelectionRequest,
  countOf,
  noSelection,
  selectedCount,
} from '../../../components/list-page/index.ts';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { type BulkAssignmentsAction, useBulkPreview, useBulkUpdateAssignments } from '../api/bulk-assignments.ts';
import { assignmentsQueryKey } from '../api/list-assignments.ts';
import { ASSIGNMENT_BULK_KINDS, type AssignmentBulkKind } from './bulk-action-kinds.ts';
import { BulkPreview } from './bulk-preview.tsx';
import { AssignmentBulkSummary } from './bulk-result-summary.tsx';

const ASSIGNMENTS = { one: 'assignment', other: 'assignments' };

export interface AssignmentsBulkActionsProps {
  selection: ListSelection;
  /** How many assignments match the list's filter (for "all N matching"). */
  total: number;
  onDone: () => void;
}

/**
 * The assignments list's bulk actions (PUT /assignments): a menu on the selection bar, then a dialog
 * that shows what would change, and who, before it applies. Only shown to those who may assign.
 */
export function AssignmentsBulkActions({ selection, total, onDone }: AssignmentsBulkActionsProps) {
  const [kind, setKind] = useState<AssignmentBulkKind | null>(null);
  const problem = bulkSelectionProblem(selection, 'assignments', ASSIGNMENT_BULK_MAX_EXCLUDED);
  const trigger = (
    <Button
      variant="filled"
      size="compact-sm"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      disabled={problem !== null}
    >
      Actions
    </Button>
  );
  return (
    <>
      {problem ? (
        <Tooltip label={problem} withArrow>
          <span>{trigger}</span>
        </Tooltip>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>{trigger}</Menu.Target>
          <Menu.Dropdown>
            {ASSIGNMENT_BULK_KINDS.map((item) => (
              <Menu.Item key={item.action} color={item.danger ? 'red' : undefined} onClick={() => setKind(item)}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={kind !== null}
        onClose={() => setKind(null)}
        title={kind?.title ?? ''}
        size="xl"
        closeOnClickOutside={false}
      >
        {kind && (
          <BulkDialogBody kind={kind} selection={selection} count={selectedCount(selection, total)} onDone={onDone} />
        )}
      </Modal>
    </>
  );
}

type Phase =
  | { step: 'choose' }
  | { step: 'review'; action: BulkAssignmentsAction }
  | { step: 'job'; jobId: number }
  | { step: 'done'; summary: BulkAssignmentsSummary };

const dueText = (dueDate: string | null) =>
  dueDate ? `They become due on ${dayjs(dueDate).format('MMM D, YYYY')}.` : 'Their due date is cleared.';

function BulkDialogBody({
  kind,
  selection,
  count,
  onDone,
}: {
  kind: AssignmentBulkKind;
  selection: ListSelection;
  count: number;
  onDone: () => void;
}) {
  const close = useModalClose();
  const request = useMemo(() => bulkSelectionRequest(selection, 'id'), [selection]);
  const [phase, setPhase] = useState<Phase>(
    kind.action === 'change_due_date' ? { step: 'choose' } : { step: 'review', action: { action: kind.action } },
  );
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [noDueDate, setNoDueDate] = useState(false);
  const [page, setPage] = useState(1);
  const reviewing = phase.step === 'review' ? phase.action : null;
  const preview = useBulkPreview(request, reviewing, page);
  const mutation = useBulkUpdateAssignments();
  const queryClient = useQueryClient();
  const finish = () => {
    onDone();
    close();
  };
  const onJobFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
      const summary = bulkAssignmentsSummary.safeParse(job.result);
      if (job.status === 'completed' && summary.success) setPhase({ step: 'done', summary: summary.data });
    },
    [queryClient],
  );

  if (phase.step === 'done')
    return (
      <Stack gap="md">
        <AssignmentBulkSummary summary={phase.summary} />
        <Group justify="flex-end">
          <Button onClick={finish} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    );

  if (phase.step === 'job')
    return (
      <Stack gap="md">
        <JobProgress jobId={phase.jobId} label={kind.progress} itemsLabel="assignments" onFinished={onJobFinished} />
        <Text size="sm" c="dimmed">
          This runs on the server: you can close this dialog and it carries on.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={finish}>
            Keep it running and close
          </Button>
        </Group>
      </Stack>
    );

  if (phase.step === 'choose') {
    const ready = noDueDate || dueDate !== null;
    return (
      <Stack gap="md">
        <Text>
          A new due date for <strong>{countOf(count, ASSIGNMENTS)}</strong>. You see who it applies to before anything
          changes.
        </Text>
        <Group align="flex-end" gap="lg">
          <DatePicker
            label="New due date"
            value={dueDate}
            onChange={(value) => setDueDate(value ? dayjs(value).format('YYYY-MM-DD') : null)}
            minDate={dayjs().format('YYYY-MM-DD')}
            disabled={noDueDate}
            w={240}
            data-autofocus
          />
          <Checkbox
            label="No due date"
            checked={noDueDate}
            onChange={(event) => setNoDueDate(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            onClick={() => {
              setPage(1);
              setPhase({
                step: 'review',
                action: { action: 'change_due_date', due_date: noDueDate ? null : dueDate },
              });
            }}
          >
            Review
          </Button>
        </Group>
      </Stack>
    );
  }

  const action = phase.action;
  const changes = preview.data?.data.changes;
  const error = mutation.error ?? (isApiError(preview.error) ? preview.error : null);
  const general = error ? formatApiError(error) : null;
  const confirm = () =>
    mutation.mutate(
      { request, action },
      {
        onSuccess: (data) =>
          setPhase(
            isBulkAssignmentsQueued(data) ? { step: 'job', jobId: data.job_id } : { step: 'done', summary: data },
          ),
      },
    );
  const question =
    changes === undefined
      ? 'Working out what would change…'
      : action.action === 'change_due_date'
        ? `Apply to ${countOf(changes, ASSIGNMENTS)}? ${dueText(action.due_date ?? null)}`
        : `${kind.verb} ${countOf(changes, ASSIGNMENTS)}?`;
  return (
    <Stack gap="md">
      <Text fw={500} data-testid="bulk-question">
        {question}
      </Text>
      <Text size="sm" c="dimmed">
        {kind.consequence}
      </Text>
      <BulkPreview
        preview={preview.data}
        error={preview.error}
        loading={preview.isFetching}
        page={page}
        onPage={setPage}
      />
      {general && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={general.message}>
          {general.details.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {kind.action === 'change_due_date' && (
          <Button variant="default" onClick={() => setPhase({ step: 'choose' })} disabled={mutation.isPending}>
            Back
          </Button>
        )}
        <Button variant="default" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button
          color={kind.danger ? 'red' : undefined}
          onClick={confirm}
          disabled={!changes}
          loading={mutation.isPending}
        >
          {changes === undefined ? kind.verb : `${kind.verb} ${countOf(changes, ASSIGNMENTS)}`}
        </Button>
      </Group>
    </Stack>
  );
}

/** The list page's hook-up: its selection, total and "clear the selection". */
export function AssignmentsListBulkActions({
  list,
  selection,
}: {
  list: ListPageHandle<AssignmentListItem>;
  selection: ListSelection;
}) {
  return (
    <AssignmentsBulkActions
      selection={selection}
      total={list.meta?.total ?? 0}
      onDone={() => list.setSelection(noSelection)}
    />
  );
}
