import { Badge, Group, Progress, Text, Tooltip } from '@mantine/core';
import type { Department } from '@heed/contract';
import classes from './department-tree.module.css';

const formatCount = new Intl.NumberFormat();
const people = (n: number) => `${formatCount.format(n)} ${n === 1 ? 'person' : 'people'}`;

export interface DepartmentCountsProps {
  department: Department;
  /** The largest subtree total shown: the bar's full width. */
  scale: number;
  /** Whether the department has sub-departments (only then does a subtree total mean more). */
  hasChildren: boolean;
}

/**
 * Who is in a department: a badge with the people directly in it, and a bar with everyone in its
 * subtree, as a share of the largest top-level department.
 */
export function DepartmentCounts({ department, scale, hasChildren }: DepartmentCountsProps) {
  const { user_count: direct, total_user_count: total } = department;
  const share = scale > 0 ? Math.max(total > 0 ? 3 : 0, (total / scale) * 100) : 0;
  const summary = hasChildren
    ? `${people(direct)} directly in ${department.name}, ${people(total)} including its sub-departments`
    : `${people(direct)} in ${department.name}`;
  return (
    <Tooltip label={summary} openDelay={400} withinPortal>
      <Group gap="xs" wrap="nowrap" className={classes.counts} data-testid="department-counts" aria-label={summary}>
        <Badge
          variant="light"
          color={direct > 0 ? 'blue' : 'gray'}
          radius="sm"
          size="md"
          className={classes.direct}
          aria-hidden
        >
          {formatCount.format(direct)}
        </Badge>
        <Progress value={share} size="sm" radius="xl" className={classes.bar} aria-hidden />
        <Text size="xs" c="dimmed" className={classes.total} aria-hidden>
          {formatCount.format(total)}
        </Text>
      </Group>
    </Tooltip>
  );
}
