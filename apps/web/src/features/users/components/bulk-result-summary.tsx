import type { BulkUsersSummary } from '@heed/contract';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { countOf } from '../../../components/list-page/index.ts';
import { bulkActionKind } from './bulk-action-kinds.ts';

const USERS = { one: 'user', other: 'users' };

/** "12 users deactivated", then what was skipped or failed and why (PUT /users' summary). */
export function BulkResultSummary({ summary }: { summary: BulkUsersSummary }) {
  const kind = bulkActionKind(summary.action);
  const problems = summary.errors ?? [];
  const hasFailures = summary.failed > 0;
  // Users already in the wanted state (or gone meanwhile) are no cause for concern; the other reasons are.
  const needsAttention = problems.some((problem) => problem.reason !== 'unchanged' && problem.reason !== 'gone');
  return (
    <Stack gap="sm" data-testid="bulk-result">
      <Alert
        color={hasFailures ? 'red' : needsAttention ? 'yellow' : 'teal'}
        variant="light"
        icon={
          hasFailures || needsAttention ? (
            <IconAlertTriangle size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )
        }
        title={`${countOf(summary.changed, USERS)} ${kind.done}`}
      >
        {summary.matched === 0
          ? 'No user matched.'
          : `${countOf(summary.matched, USERS)} matched: ${summary.changed.toLocaleString('en-US')} changed, ` +
            `${summary.skipped.toLocaleString('en-US')} skipped, ${summary.failed.toLocaleString('en-US')} failed.`}
      </Alert>
      {problems.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Left unchanged
          </Text>
          <List size="sm" spacing={2}>
            {problems.map((problem) => (
              <List.Item key={problem.reason}>
                {countOf(problem.count, USERS)}: {problem.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
