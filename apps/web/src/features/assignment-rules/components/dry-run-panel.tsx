import { type DryRunBody, RULE_OUTCOMES, RULE_OUTCOME_LABELS, type RuleOutcome } from '@heed/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useDryRun } from '../api/dry-run.ts';

const number = (n: number) => n.toLocaleString('en-US');
const PER_PAGE = 10;

export interface DryRunPanelProps {
  /** The draft's definition (and the saved rule's id for its exclusions); null while incomplete. */
  definition: Omit<DryRunBody, 'outcome' | 'page' | 'per_page'> | null;
  /** A saved rule may take a learner off a course it already assigned (an exclusion). */
  onExclude?: (userId: number, courseId: number) => void;
  excluding?: boolean;
}

/**
 * What the rule would do now, before saving or running it: "37 would be assigned, 4 already have
 * it, 2 are protected", and who, a page at a time. Nothing is written.
 */
export function DryRunPanel({ definition, onExclude, excluding }: DryRunPanelProps) {
  const [outcome, setOutcome] = useState<RuleOutcome>('assign');
  const [page, setPage] = useState(1);
  const body: DryRunBody = { ...(definition ?? { conditions: [], course_ids: [] }), outcome, page, per_page: PER_PAGE };
  const result = useDryRun(body, definition !== null);
  if (!definition)
    return (
      <Text size="sm" c="dimmed">
        Fill in every condition and choose courses to see who the rule would assign.
      </Text>
    );
  if (result.isError) {
    const { message } = formatApiError(result.error);
    return (
      <Alert color="red" title="The dry run failed">
        {message}
      </Alert>
    );
  }
  const data = result.data;
  const counts = data?.counts;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Dry run" component="section">
      <Stack gap="sm">
        {counts ? (
          <Text fw={500} data-testid="dry-run-summary">
            {number(counts.assign)} would be assigned, {number(counts.already_assigned)} already have it,{' '}
            {number(counts.protected)} are protected
            <Text span c="dimmed" size="sm">
              {' '}
              · {number(counts.learners)} {counts.learners === 1 ? 'learner matches' : 'learners match'}
            </Text>
          </Text>
        ) : (
          <Skeleton height={22} width="70%" />
        )}
        <SegmentedControl
          size="xs"
          value={outcome}
          onChange={(value) => {
            setOutcome(value as RuleOutcome);
            setPage(1);
          }}
          data={RULE_OUTCOMES.map((o) => ({
            value: o,
            label: `${RULE_OUTCOME_LABELS[o]}${counts ? ` (${number(counts[o])})` : ''}`,
          }))}
        />
        {data && data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody.
          </Text>
        ) : (
          <Table striped verticalSpacing={4} fz="sm" aria-busy={result.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Course</Table.Th>
                {onExclude && outcome === 'already_assigned' && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.data ?? []).map((row) => (
                <Table.Tr key={`${row.user.id}:${row.course.id}`}>
                  <Table.Td>{row.user.name}</Table.Td>
                  <Table.Td>{row.department?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {row.course.name}
                      {row.outcome === 'protected' && (
                        <Badge size="xs" variant="light" color="orange">
                          Protected
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {onExclude && outcome === 'already_assigned' && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconUserMinus size={14} aria-hidden />}
                        loading={excluding}
                        onClick={() => onExclude(row.user.id, row.course.id)}
                        aria-label={`Take ${row.user.name} off ${row.course.name}`}
                      >
                        Take off
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
              {!data &&
                [0, 1, 2].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={3}>
                      <Skeleton height={16} />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.meta.last_page > 1 && (
          <Pagination
            size="sm"
            total={data.meta.last_page}
            value={page}
            onChange={setPage}
            aria-label="Dry run pages"
          />
        )}
      </Stack>
    </Paper>
  );
}
