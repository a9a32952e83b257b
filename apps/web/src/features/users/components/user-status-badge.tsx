import { Badge } from '@mantine/core';
import classes from './user-status-badge.module.css';

/** Active (green) or Deactivated (grey): a user's `suspended` flag as the console shows it (spec §3). */
export function UserStatusBadge({ suspended }: { suspended: boolean }) {
  return (
    <Badge
      variant="light"
      className={`${classes.badge} ${suspended ? classes.deactivated : classes.active}`}
      size="md"
      radius="sm"
      tt="none"
      fw={600}
    >
      {suspended ? 'Deactivated' : 'Active'}
    </Badge>
  );
}
