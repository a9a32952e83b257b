import type { ImportStatus, UserImportSummary } from '@heed/contract';
import { Badge } from '@mantine/core';
import classes from './import-status-badge.module.css';

const LOOK: Record<ImportStatus, { label: string; tone: keyof typeof classes }> = {
  uploaded: { label: 'Uploaded', tone: 'idle' },
  validating: { label: 'Checking', tone: 'busy' },
  validated: { label: 'Checked', tone: 'idle' },
  queued: { label: 'Queued', tone: 'busy' },
  running: { label: 'Importing', tone: 'busy' },
  completed: { label: 'Completed', tone: 'done' },
  failed: { label: 'Failed', tone: 'failed' },
};

/** An import's status as a badge; a completed import whose rows partly failed says so in amber. */
export function ImportStatusBadge({ item }: { item: Pick<UserImportSummary, 'status' | 'counts'> }) {
  const look = LOOK[item.status];
  const partial = item.status === 'completed' && item.counts.failed > 0;
  return (
    <Badge
      variant="light"
      className={`${classes.badge} ${classes[partial ? 'partial' : look.tone]}`}
      size="md"
      radius="sm"
      tt="none"
      fw={600}
      data-testid="import-status"
    >
      {partial ? 'Completed with errors' : look.label}
    </Badge>
  );
}
