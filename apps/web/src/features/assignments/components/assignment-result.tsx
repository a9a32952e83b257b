import { ASSIGNMENT_SKIP_REASONS, type CreateAssignmentsResult } from '@heed/contract';
import { Alert, List, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

const n = (value: number) => value.toLocaleString('en-US');
const assignmentsWord = (count: number) => (count === 1 ? 'assignment' : 'assignments');

/** What an assignment did: how many were created, and how many were skipped and why. */
export function AssignmentResult({ result }: { result: CreateAssignmentsResult }) {
  const skipped = Object.entries(result.skipped).filter(([, count]) => count > 0) as [
    keyof typeof ASSIGNMENT_SKIP_REASONS,
    number,
  ][];
  return (
    <Alert
      variant="light"
      color={result.created > 0 ? 'green' : 'gray'}
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={`${n(result.created)} ${assignmentsWord(result.created)} created`}
      role="status"
    >
      <Text size="sm">
        {n(result.learners)} {result.learners === 1 ? 'learner' : 'learners'} × {n(result.courses)}{' '}
        {result.courses === 1 ? 'course' : 'courses'}
        {result.notified > 0 ? `; ${n(result.notified)} notified by e-mail` : ''}.
      </Text>
      {skipped.length > 0 && (
        <>
          <Text size="sm" mt="xs" fw={500}>
            Skipped:
          </Text>
          <List size="sm" spacing={2}>
            {skipped.map(([reason, count]) => (
              <List.Item key={reason}>
                {n(count)} — {ASSIGNMENT_SKIP_REASONS[reason]}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
