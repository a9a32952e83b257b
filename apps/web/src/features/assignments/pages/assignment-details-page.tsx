import { ASSIGNMENT_DETAILS_MESSAGES, ASSIGNMENT_STATUS_LABELS, consoleRoute } from '@heed/contract';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { StandalonePage } from '../../../admin/pages/standalone-page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useAssignmentDetails } from '../api/assignment-details.ts';
import { AssignmentStatusBadge } from '../components/assignment-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

/**
 * Assignment Details (`/public/assignments?token=…`, no sign-in; issue 16 item 7): the assignment a
 * signed link from an e-mail names: the learner's first name, the course, the due date, the status,
 * and "Start", which goes through the learner side's sign-in to the player. A wrong, expired or
 * withdrawn link shows one plain message.
 */
export default function AssignmentDetailsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const details = useAssignmentDetails(token);
  const title = consoleRoute('public/assignments').title;

  let body: React.ReactNode;
  if (token === '' || (details.isError && isApiError(details.error) && details.error.status === 404)) {
    body = (
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="invalid-link">
        {ASSIGNMENT_DETAILS_MESSAGES.invalid}
      </Alert>
    );
  } else if (details.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Could not load">
        {formatApiError(details.error).message}
      </Alert>
    );
  } else if (!details.data) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the assignment">
        <Skeleton height={28} width="60%" />
        <Skeleton height={18} />
        <Skeleton height={18} />
        <Skeleton height={36} width={120} />
      </Stack>
    );
  } else {
    const a = details.data;
    const done = a.status === 'completed';
    body = (
      <Stack gap="md">
        <div>
          <Text c="dimmed" size="sm">
            Hello {a.first_name},
          </Text>
          <Title order={2} fz="h3" mt={4}>
            {a.course_name}
          </Title>
        </div>
        <Stack gap="xs">
          <Field label="Due">{a.due_at ? dateFormat.format(new Date(a.due_at)) : 'No due date'}</Field>
          <Field label="Status">
            <AssignmentStatusBadge status={a.status} />
          </Field>
        </Stack>
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            {done
              ? `${ASSIGNMENT_STATUS_LABELS.completed}: nothing more to do.`
              : 'You sign in first, then the course opens.'}
          </Text>
          <Button component="a" href={a.start_path} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
            {done ? 'Open' : 'Start'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <StandalonePage title={title}>
      <Stack gap="md">
        <Title order={1} fz="xl">
          {title}
        </Title>
        {body}
      </Stack>
    </StandalonePage>
  );
}
