import { USER_ASSIGNMENT_STATUS_LABELS, type UserAssignmentStatus } from '@heed/contract';
import { Badge } from '@mantine/core';
import classes from './user-edit-assignment-status.module.css';

/** An assignment's status in its status colour. */
export function AssignmentStatusBadge({ status }: { status: UserAssignmentStatus }) {
  return (
    <Badge variant="light" className={`${classes.badge} ${classes[status]}`} size="sm" radius="sm" tt="none" fw={600}>
      {USER_ASSIGNMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
