import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus } from '@heed/contract';
import { Badge } from '@mantine/core';
import classes from './assignment-status-badge.module.css';

/** An assignment's status as derived by the server at the request's moment. */
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <Badge variant="light" className={`${classes.badge} ${classes[status]}`} size="md" radius="sm" tt="none" fw={600}>
      {ASSIGNMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
