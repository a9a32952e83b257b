import { Group, Skeleton, Stack } from '@mantine/core';
import classes from './department-tree.module.css';

/** Column captions above the tree: what the two numbers of each row mean. */
export function TreeHeader({ withActions }: { withActions: boolean }) {
  return (
    <div className={classes.header} aria-hidden>
      <span className={classes.headerName}>Name</span>
      <span className={classes.headerCounts}>
        <span>Direct</span>
        <span>Total</span>
      </span>
      {withActions && <span className={classes.headerActions} />}
    </div>
  );
}

const WIDTHS = [38, 30, 44, 26, 34, 40];

/** The tree's shape while it loads. */
export function DepartmentsLoading() {
  return (
    <Stack gap={0} p="sm" role="status" aria-busy="true" aria-label="Loading" data-testid="departments-loading">
      {WIDTHS.map((width, index) => (
        <Group key={width} gap="sm" h={40} wrap="nowrap" pl={index % 3 === 0 ? 6 : 28 + (index % 3) * 22}>
          <Skeleton h={12} w={`${width}%`} radius="sm" />
          <Skeleton h={12} w="4rem" radius="sm" ml="auto" />
          <Skeleton h={8} w="8rem" radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}
