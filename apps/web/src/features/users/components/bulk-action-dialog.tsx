import { type BulkUsersSummary, type Job, bulkUsersSummary, isBulkUsersQueued } from '@heed/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { JobProgress } from '../../../components/job-progress/index.ts';
import { type ListSelection, countOf } from '../../../components/list-page/index.ts';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { type BulkAction, bulkRequest, useBulkUpdateUsers } from '../api/bulk-update-users.ts';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';
import { type BulkActionKind, withDepartmentLabel } from './bulk-action-kinds.ts';
import { BulkDepartmentPicker } from './bulk-department-picker.tsx';
import { BulkResultSummary } from './bulk-result-summary.tsx';
import { BulkRolePicker } from './bulk-role-picker.tsx';

const USERS = { one: 'user', other: 'users' };

export interface BulkActionDialogProps {
  kind: BulkActionKind | null;
  selection: ListSelection;
  /** How many users the selection holds now. */
  count: number;
  departmentLabel: { one: string; other: string };
  /** Company Managers and site admins may leave users without a department. */
  canClearDepartment: boolean;
  onClose: () => void;
  /** The change is done (or left running): the list refreshes and the selection clears. */
  onDone: () => void;
}

type Phase = { step: 'confirm' } | { step: 'job'; jobId: number } | { step: 'done'; summary: BulkUsersSummary };

/** Confirm (with the count and the new department or role), then the result: at once, or after a job's progress. */
export function BulkActionDialog(props: BulkActionDialogProps) {
  const { kind } = props;
  return (
    <Modal
      opened={kind !== null}
      onClose={props.onClose}
      title={kind ? withDepartmentLabel(kind.title, props.departmentLabel.one) : ''}
      size="lg"
      closeOnClickOutside={false}
    >
      {kind && <DialogBody {...props} kind={kind} />}
    </Modal>
  );
}

function DialogBody({
  kind,
  selection,
  count,
  departmentLabel,
  canClearDepartment,
  onDone,
}: BulkActionDialogProps & { kind: BulkActionKind }) {
  const close = useModalClose();
  const mutation = useBulkUpdateUsers();
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });
  const [departmentId, setDepartmentId] = useState<number | null | undefined>(undefined);
  const [role, setRole] = useState<number | undefined>(undefined);
  const finish = () => {
    onDone();
    close();
  };

  const queryClient = useQueryClient();
  const onJobFinished = useCallback(
    (job: Job) => {
      // The list changed under the job: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: usersQueryKey.slice(0, 1) });
      const summary = bulkUsersSummary.safeParse(job.result);
      if (job.status === 'completed' && summary.success) setPhase({ step: 'done', summary: summary.data });
    },
    [queryClient],
  );

  if (phase.step === 'done')
    return (
      <Stack gap="md">
        <BulkResultSummary summary={phase.summary} />
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
        <JobProgress jobId={phase.jobId} label={kind.progress} itemsLabel="users" onFinished={onJobFinished} />
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

  const ready =
    (kind.needs !== 'department' || departmentId !== undefined) && (kind.needs !== 'role' || role !== undefined);
  const action: BulkAction =
    kind.needs === 'department'
      ? { action: kind.action, department_id: departmentId ?? null }
      : kind.needs === 'role'
        ? { action: kind.action, role: role as 0 | 1 | 2 | 3 }
        : { action: kind.action };
  const error = mutation.error;
  const details = isApiError(error) ? error.details : {};
  const fieldError = (field: string) => details[field]?.[0];
  const general = error && !fieldError('department_id') && !fieldError('role') ? formatApiError(error) : null;

  const confirm = () =>
    mutation.mutate(
      { request: bulkRequest(selection), action },
      {
        onSuccess: (data) =>
          setPhase(isBulkUsersQueued(data) ? { step: 'job', jobId: data.job_id } : { step: 'done', summary: data }),
      },
    );

  return (
    <Stack gap="md">
      <Text>
        {kind.verb} <strong>{countOf(count, USERS)}</strong>?{' '}
        {withDepartmentLabel(kind.consequence, departmentLabel.one)}
      </Text>
      {kind.needs === 'department' && (
        <BulkDepartmentPicker
          label={departmentLabel.one}
          pluralLabel={departmentLabel.other}
          value={departmentId}
          onChange={setDepartmentId}
          allowNone={canClearDepartment}
          error={fieldError('department_id')}
        />
      )}
      {kind.needs === 'role' && <BulkRolePicker value={role} onChange={setRole} error={fieldError('role')} />}
      {general && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={general.message}>
          {general.details.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button
          color={kind.danger ? 'red' : undefined}
          onClick={confirm}
          disabled={!ready}
          loading={mutation.isPending}
        >
          {kind.verb} {countOf(count, USERS)}
        </Button>
      </Group>
    </Stack>
  );
}
