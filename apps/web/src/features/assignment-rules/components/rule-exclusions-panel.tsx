import { Button, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useLiftExclusion, useRuleExclusions } from '../api/rule-exclusions.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Learners taken off one of the rule's courses: protected until the exclusion is lifted. */
export function RuleExclusionsPanel({ ruleId }: { ruleId: number }) {
  const [page, setPage] = useState(1);
  const exclusions = useRuleExclusions(ruleId, page);
  const lift = useLiftExclusion();
  if (exclusions.isPending) return <Skeleton height={100} />;
  const rows = exclusions.data?.data ?? [];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        When a learner is taken off a course this rule assigned, the rule does not assign it to them again until you
        lift the exclusion.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is excluded from this rule.
        </Text>
      ) : (
        <Table striped fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Learner</Table.Th>
              <Table.Th>Course</Table.Th>
              <Table.Th>Taken off</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.user.name}</Table.Td>
                <Table.Td>{row.course.name}</Table.Td>
                <Table.Td>
                  {when.format(new Date(row.created_at))}
                  {row.created_by && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      by {row.created_by.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={lift.isPending && lift.variables?.exclusionId === row.id}
                    onClick={() =>
                      lift.mutate(
                        { id: ruleId, exclusionId: row.id },
                        {
                          onSuccess: () => notify.success(`${row.user.name} may be assigned ${row.course.name} again.`),
                          onError: (error) => showApiError(error),
                        },
                      )
                    }
                  >
                    Lift
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {exclusions.data && exclusions.data.meta.last_page > 1 && (
        <Pagination size="sm" total={exclusions.data.meta.last_page} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
