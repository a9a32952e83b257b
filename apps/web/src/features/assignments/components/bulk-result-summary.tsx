import type { BulkAssignmentsSummary } from '@heed/contract';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { countOf } from '../../../components/list-page/index.ts';
import { assignmentBulkKind } from './bulk-action-kinds.ts';

const ASSIGNMENTS = { one: 'assignment', other: 'assignments' };

/** "12 assignments removed", then what was skipped or failed and why (PUT /assignments' summary). */
export function AssignmentBulkSummary({ summary }: { summary: BulkAssignmentsSummary }) {
  const kind = assignmentBulkKind(summary.action);
  const problems = summary.errors ?? [];
  const attention = summary.failed > 0 ? 'red' : problems.length > 0 ? 'yellow' : 'teal';
  return (
    <Stack gap="sm" data-testid="bulk-result">
      <Alert
        color={attention}
        variant="light"
        icon={
          attention === 'teal' ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />
        }
        title={`${countOf(summary.changed, ASSIGNMENTS)} ${kind.done}`}
      >
        {summary.matched === 0
          ? 'No assignment matched.'
          : `${countOf(summary.matched, ASSIGNMENTS)} matched: ${summary.changed.toLocaleString('en-US')} changed, ` +
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
                {countOf(problem.count, ASSIGNMENTS)}: {problem.message}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
