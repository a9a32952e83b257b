import { MY_ASSIGNMENT_STATUS_LABELS, type MyAssignmentStatus } from '@heed/contract';
import { Badge } from '@mantine/core';
import classes from './my-status.module.css';

/** An assignment's status in its status colour (the console's colours). */
export function MyStatusBadge({ status }: { status: MyAssignmentStatus }) {
  return (
    <Badge variant="light" className={`${classes.badge} ${classes[status]}`} size="sm" radius="sm" tt="none" fw={600}>
      {MY_ASSIGNMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
