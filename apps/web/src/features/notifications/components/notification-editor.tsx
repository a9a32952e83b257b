import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_METHODS,
  NOTIFICATION_TRIGGER_LABELS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationBody,
  type NotificationMethod,
  type NotificationTrigger,
  type NotificationType,
  notificationMethodLabel,
  notificationTypeLabel,
  triggersOf,
} from '@heed/contract';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { sendersQueryOptions, templatesQueryOptions, useSaveNotification } from '../api/notifications-api.ts';
import { timingText } from '../model/timing.ts';

interface Values {
  type: NotificationType;
  method: NotificationMethod;
  trigger: NotificationTrigger;
  template_id: string | null;
  sender_id: string | null;
  offset_days: number | string;
  repeat: boolean;
  repeat_every_days: number | string;
  repeat_max: number | string;
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
  enabled: boolean;
}

const valuesOf = (row: Notification | null): Values => ({
  type: row?.type ?? 'reminder_employee',
  method: row?.method ?? 'email',
  trigger: row?.trigger ?? 'before_due',
  template_id: row?.template_id ? String(row.template_id) : null,
  sender_id: row?.sender_id ? String(row.sender_id) : null,
  offset_days: row?.offset_days ?? 3,
  repeat: Boolean(row?.repeat_every_days && row.trigger !== 'periodic'),
  repeat_every_days: row?.repeat_every_days ?? 7,
  repeat_max: row?.repeat_max ?? 3,
  quiet: Boolean(row?.quiet_start),
  quiet_start: row?.quiet_start ?? '21:00',
  quiet_end: row?.quiet_end ?? '07:00',
  enabled: row?.enabled ?? true,
});

const num = (v: number | string) => (v === '' ? null : Number(v));

function bodyOf(v: Values): NotificationBody {
  const byDue = v.trigger === 'before_due' || v.trigger === 'after_due';
  return {
    type: v.type,
    method: v.method,
    trigger: v.trigger,
    template_id: v.template_id ? Number(v.template_id) : null,
    sender_id: v.sender_id ? Number(v.sender_id) : null,
    offset_days: byDue ? num(v.offset_days) : null,
    repeat_every_days: v.trigger === 'periodic' || (byDue && v.repeat) ? num(v.repeat_every_days) : null,
    repeat_max: byDue && v.repeat ? num(v.repeat_max) : null,
    quiet_start: v.quiet ? v.quiet_start : null,
    quiet_end: v.quiet ? v.quiet_end : null,
    enabled: v.enabled,
  };
}

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((type) => ({ value: type, label: notificationTypeLabel(type) }));
const METHOD_OPTIONS = NOTIFICATION_METHODS.map((method) => ({
  value: method,
  label: notificationMethodLabel(method),
}));

function EditorForm({ row, timeZone }: { row: Notification | null; timeZone: string }) {
  const close = useModalClose();
  const save = useSaveNotification();
  const senders = useQuery(sendersQueryOptions());
  const templates = useQuery(templatesQueryOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(row) });
  const v = form.values;
  const triggers = triggersOf(v.type);
  const templateOptions = (templates.data ?? [])
    .filter((t) => t.type === v.type && t.method === v.method)
    .map(({ value, label }) => ({ value, label }));

  const changeType = (type: NotificationType) => {
    form.setFieldValue('type', type);
    const allowed = triggersOf(type);
    if (!allowed.includes(form.values.trigger)) form.setFieldValue('trigger', allowed[0]!);
    form.setFieldValue('template_id', null);
  };

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      await save.mutateAsync({ id: row?.id ?? null, body: bodyOf(values) });
      close();
    } catch (error) {
      if (isApiError(error) && error.details) {
        form.setErrors(
          Object.fromEntries(Object.entries(error.details).map(([field, messages]) => [field, messages.join(' ')])),
        );
        setProblem('Check the fields marked in red.');
      } else setProblem(error instanceof Error ? error.message : String(error));
    }
  });
  const byDue = v.trigger === 'before_due' || v.trigger === 'after_due';

  return (
    <form onSubmit={submit} noValidate aria-label={row ? 'Edit notification' : 'Add notification'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            allowDeselect={false}
            value={v.type}
            onChange={(value) => value && changeType(value as NotificationType)}
            error={form.errors.type}
          />
          <Select
            label="Send method"
            data={METHOD_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('method')}
            onChange={(value) => {
              form.setFieldValue('method', (value ?? 'email') as NotificationMethod);
              form.setFieldValue('template_id', null);
            }}
          />
          <Select
            label="Template"
            placeholder="The default template of this type"
            data={templateOptions}
            clearable
            nothingFoundMessage="No templates of this type and method"
            {...form.getInputProps('template_id')}
          />
          <Select
            label="Sender"
            placeholder="The company's sender address"
            description="Company and Department Managers who are not deactivated"
            data={senders.data ?? []}
            searchable
            clearable
            nothingFoundMessage="No senders found"
            {...form.getInputProps('sender_id')}
          />
        </SimpleGrid>
        <Select
          label="When"
          data={triggers.map((t) => ({ value: t, label: NOTIFICATION_TRIGGER_LABELS[t] }))}
          allowDeselect={false}
          {...form.getInputProps('trigger')}
        />
        {byDue && (
          <Stack gap="xs">
            <NumberInput
              label="Days"
              min={0}
              max={NOTIFICATION_LIMITS.offsetDays}
              w={160}
              {...form.getInputProps('offset_days')}
            />
            <Switch label="Repeat" {...form.getInputProps('repeat', { type: 'checkbox' })} />
            {v.repeat && (
              <Group align="flex-start">
                <NumberInput
                  label="Every (days)"
                  min={1}
                  max={NOTIFICATION_LIMITS.repeatEveryDays}
                  w={160}
                  {...form.getInputProps('repeat_every_days')}
                />
                <NumberInput
                  label="Times in all"
                  min={1}
                  max={NOTIFICATION_LIMITS.repeatMax}
                  w={160}
                  {...form.getInputProps('repeat_max')}
                />
              </Group>
            )}
          </Stack>
        )}
        {v.trigger === 'periodic' && (
          <NumberInput
            label="Every (days)"
            min={1}
            max={NOTIFICATION_LIMITS.repeatEveryDays}
            w={160}
            {...form.getInputProps('repeat_every_days')}
          />
        )}
        <Text size="sm" c="dimmed">
          {timingText(bodyOf(v) as Notification)}
          {v.trigger !== 'event' && `, in the morning (${timeZone}).`}
        </Text>
        <Switch
          label="Quiet hours"
          description={`Nothing is sent between these times (${timeZone})`}
          {...form.getInputProps('quiet', { type: 'checkbox' })}
        />
        {v.quiet && (
          <Group align="flex-start">
            <TextInput type="time" label="From" w={160} {...form.getInputProps('quiet_start')} />
            <TextInput type="time" label="Until" w={160} {...form.getInputProps('quiet_end')} />
          </Group>
        )}
        <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {row ? 'Save' : 'Add notification'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add or edit one row of the schedule: type, method, template, sender, timing, quiet hours, enabled. */
export function NotificationEditor({
  opened,
  row,
  timeZone,
  onClose,
}: {
  opened: boolean;
  row: Notification | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={row ? 'Edit notification' : 'Add notification'} size="lg">
      {opened && <EditorForm key={row?.id ?? 'new'} row={row} timeZone={timeZone} />}
    </Modal>
  );
}
