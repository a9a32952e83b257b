import { type Notification, notificationMethodLabel, notificationTypeLabel } from '@heed/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListEmpty } from '../../../components/list-page/index.ts';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { scheduleQueryOptions, useDeleteNotification, useSaveNotification } from '../api/notifications-api.ts';
import { quietText, timingText } from '../model/timing.ts';
import { NotificationEditor } from './notification-editor.tsx';

const bodyOf = (row: Notification, enabled: boolean) => ({
  type: row.type,
  method: row.method,
  trigger: row.trigger,
  template_id: row.template_id,
  sender_id: row.sender_id,
  offset_days: row.offset_days,
  repeat_every_days: row.repeat_every_days,
  repeat_max: row.repeat_max,
  quiet_start: row.quiet_start,
  quiet_end: row.quiet_end,
  enabled,
});

const Dimmed = ({ children }: { children: string }) => (
  <Text span size="sm" c="dimmed">
    {children}
  </Text>
);

function ScheduleSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the schedule">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** The company's schedule, one row per notification, with add, edit, enable and remove. */
export function ScheduleTab() {
  const schedule = useQuery(scheduleQueryOptions());
  const save = useSaveNotification();
  const remove = useDeleteNotification();
  const [editing, setEditing] = useState<{ row: Notification | null } | null>(null);
  const [deleting, setDeleting] = useState<Notification | null>(null);
  const timeZone = schedule.data?.time_zone ?? 'UTC';
  const rows = schedule.data?.data ?? [];

  const toggle = (row: Notification, enabled: boolean) =>
    save.mutate({ id: row.id, body: bodyOf(row, enabled) }, { onError: (error) => showApiError(error) });

  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ row: null })}>
      Add notification
    </Button>
  );

  let body: React.ReactNode;
  if (schedule.isPending) body = <ScheduleSkeleton />;
  else if (schedule.isError)
    body = (
      <LoadFailed
        title="The schedule could not be loaded"
        error={schedule.error}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  else if (rows.length === 0)
    body = (
      <ListEmpty
        empty={{
          title: 'No notifications scheduled',
          description:
            'Add the e-mails and text messages learners and managers get: when courses are assigned, reminders before and after the due date, and team reports.',
          icon: <IconBell size={24} stroke={1.6} aria-hidden />,
          action: add,
        }}
        filtered={false}
        nounPlural="notifications"
        onClearFilters={() => undefined}
      />
    );
  else
    body = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Notification schedule">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>Template</Table.Th>
                <Table.Th>Sender</Table.Th>
                <Table.Th>Timing</Table.Th>
                <Table.Th>Quiet hours</Table.Th>
                <Table.Th>Enabled</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {notificationTypeLabel(row.type)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={row.method === 'sms' ? 'grape' : 'blue'}
                      radius="sm"
                      tt="none"
                      miw={56}
                    >
                      {notificationMethodLabel(row.method)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.template_name ?? <Dimmed>Default</Dimmed>}</Table.Td>
                  <Table.Td>{row.sender_name ?? <Dimmed>Company sender</Dimmed>}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{timingText(row)}</Text>
                  </Table.Td>
                  <Table.Td>{quietText(row) ?? <Dimmed>None</Dimmed>}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={row.enabled}
                      onChange={(event) => toggle(row, event.currentTarget.checked)}
                      aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${notificationTypeLabel(row.type)} (${notificationMethodLabel(row.method)})`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label="Edit" onClick={() => setEditing({ row })}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove">
                        <ActionIcon variant="subtle" color="red" aria-label="Remove" onClick={() => setDeleting(row)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Reminders go out in the morning, {timeZone} time (the company's time zone), outside each row's quiet hours.
        </Text>
        {rows.length > 0 && add}
      </Group>
      {body}
      <NotificationEditor
        opened={editing !== null}
        row={editing?.row ?? null}
        timeZone={timeZone}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Remove this notification?"
        message={
          <Text size="sm">
            {deleting ? `${notificationTypeLabel(deleting.type)} (${notificationMethodLabel(deleting.method)})` : ''}{' '}
            will no longer be sent. The delivery log keeps what was sent already.
          </Text>
        }
        confirmLabel="Remove"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
