import {
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  type Delivery,
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
  notificationMethodLabel,
  notificationTypeLabel,
} from '@heed/contract';
import { Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconSend } from '@tabler/icons-react';
import {
  FilterMenu,
  type ListColumn,
  ListPage,
  type ListPageConfig,
  type ListPageHandle,
  useListPage,
} from '../../../components/list-page/index.ts';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { snackbar } from '../../../components/notices/index.ts';
import {
  DELIVERIES_EXPORT_URL,
  DELIVERIES_LIST_RULES,
  listDeliveriesQueryOptions,
  useResendDelivery,
} from '../api/notifications-api.ts';

const STATUS_COLORS: Record<string, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  outbox: 'yellow',
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const at = (value: string | null) => (value ? when.format(new Date(value)) : null);

function StatusCell({ delivery }: { delivery: Delivery }) {
  const badge = (
    <Badge variant="light" color={STATUS_COLORS[delivery.status] ?? 'gray'} radius="sm" tt="none">
      {DELIVERY_STATUS_LABELS[delivery.status]}
    </Badge>
  );
  if (delivery.status === 'failed' || (delivery.status === 'queued' && delivery.error)) {
    return (
      <div>
        {badge}
        <Text size="xs" c={delivery.status === 'failed' ? 'red' : 'dimmed'} lineClamp={2} maw={320}>
          {delivery.error}
        </Text>
        {delivery.status === 'queued' && delivery.next_attempt_at && (
          <Text size="xs" c="dimmed">
            Next attempt {at(delivery.next_attempt_at)}
          </Text>
        )}
      </div>
    );
  }
  return badge;
}

function ResendButton({ delivery }: { delivery: Delivery }) {
  const resend = useResendDelivery();
  if (delivery.type === 'reset_password' || delivery.status === 'queued' || delivery.status === 'sending') return null;
  return (
    <Tooltip label="Send this message again">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={resend.isPending}
        onClick={(event) => {
          event.stopPropagation();
          resend.mutate(delivery.id, {
            onSuccess: () => snackbar(`Queued again for ${delivery.recipient}.`, { type: 'is-success' }),
            onError: (error) => showApiError(error),
          });
        }}
      >
        Resend
      </Button>
    </Tooltip>
  );
}

const COLUMNS: ListColumn<Delivery>[] = [
  {
    id: 'created_at',
    label: 'When',
    sortKey: 'created_at',
    hideable: false,
    minWidth: 160,
    cell: (d) => at(d.created_at),
  },
  {
    id: 'recipient',
    label: 'Recipient',
    minWidth: 220,
    cell: (d) => (
      <div>
        <Text size="sm">{d.recipient}</Text>
        {d.user_name && (
          <Text size="xs" c="dimmed">
            {d.user_name}
          </Text>
        )}
      </div>
    ),
  },
  {
    id: 'type',
    label: 'Type',
    cell: (d) => (d.type === 'test_notification' ? 'Test notification' : notificationTypeLabel(d.type)),
  },
  { id: 'method', label: 'Method', cell: (d) => notificationMethodLabel(d.method) },
  { id: 'subject', label: 'Subject', defaultVisible: false, cell: (d) => d.subject },
  { id: 'status', label: 'Status', minWidth: 160, cell: (d) => <StatusCell delivery={d} /> },
  { id: 'attempts', label: 'Attempts', align: 'right', cell: (d) => d.attempts },
  { id: 'sent_at', label: 'Sent', defaultVisible: false, cell: (d) => at(d.sent_at) },
  { id: 'resend', label: 'Resend', hideable: false, cell: (d) => <ResendButton delivery={d} /> },
];

const config: ListPageConfig<Delivery> = {
  name: 'notifications-deliveries',
  rules: DELIVERIES_LIST_RULES,
  defaultColumns: ['created_at', 'recipient', 'type', 'method', 'status', 'attempts', 'resend'],
  listQuery: listDeliveriesQueryOptions,
  preferences: apiPreferenceStore,
};

const STATUS_OPTIONS = DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }));
const TYPE_OPTIONS = [
  ...NOTIFICATION_TYPES.map((t) => ({ value: t, label: notificationTypeLabel(t) })),
  { value: 'test_notification', label: 'Test notification' },
];
const METHOD_OPTIONS = NOTIFICATION_METHODS.map((m) => ({ value: m, label: notificationMethodLabel(m) }));

function DeliveryFilters({ list }: { list: ListPageHandle<Delivery> }) {
  const { filters } = list.state;
  return (
    <>
      <FilterMenu
        label="Status"
        multiple
        options={STATUS_OPTIONS}
        value={filters.status ?? []}
        onChange={(v) => list.setFilter('status', v)}
      />
      <FilterMenu
        label="Type"
        multiple
        options={TYPE_OPTIONS}
        value={filters.type ?? []}
        onChange={(v) => list.setFilter('type', v)}
      />
      <FilterMenu
        label="Method"
        anyLabel="Any method"
        options={METHOD_OPTIONS}
        value={filters.method ?? []}
        onChange={(v) => list.setFilter('method', v)}
      />
    </>
  );
}

/** The delivery log: every message, its status (with the SMTP or provider error), attempts, and resend. */
export function DeliveriesTab() {
  const list = useListPage(config);
  return (
    <ListPage
      list={list}
      label="Delivery log"
      noun={{ one: 'message', other: 'messages' }}
      columns={COLUMNS}
      getRowId={(d) => String(d.id)}
      rowLabel={(d) => `${notificationTypeLabel(d.type)} to ${d.recipient}`}
      search={{ label: 'Search the delivery log', placeholder: 'Recipient or subject' }}
      filters={<DeliveryFilters list={list} />}
      exportEndpoint={DELIVERIES_EXPORT_URL}
      empty={{
        title: 'Nothing sent yet',
        description:
          'Every e-mail and text message Heed queues, sends or fails to send appears here, with the reason when it failed.',
        icon: <IconMailForward size={24} stroke={1.6} aria-hidden />,
      }}
    />
  );
}
