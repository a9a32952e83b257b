import { type UserImport, routePath } from '@heed/contract';
import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showApiError } from '../../../lib/error-notices.tsx';
import { isBusy } from '../api/imports-query.ts';
import { useStartImport } from '../api/import-mutations.ts';
import { formatNumber } from '../model/format.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportErrorsTable } from './import-errors-table.tsx';
import { ImportProgress } from './import-progress.tsx';
import { READABLE_ALERT } from './alert-styles.ts';

/**
 * Step 5: the import runs on the server (leaving the page does not stop it), with a live bar and
 * counts; then the summary: created, updated, deactivated, skipped, failed, the notes, the errors.
 * A stopped import resumes where it stopped: applied rows are never applied twice.
 */
export function ImportStep({ item, onNewImport }: { item: UserImport; onNewImport: () => void }) {
  const resume = useStartImport();
  const busy = isBusy(item);
  return (
    <Stack gap="md">
      <ImportProgress item={item} label={busy ? 'Importing users' : 'Import'} />
      {item.status === 'completed' && (
        <Alert
          styles={READABLE_ALERT}
          color={item.counts.failed > 0 ? 'yellow' : 'green'}
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title="Import finished"
          data-testid="import-finished"
        >
          {formatNumber(item.processed_rows)} rows read.
          {item.counts.failed > 0 ? ' Rows with errors were left out; the list below says why.' : ''}
        </Alert>
      )}
      {item.status === 'failed' && (
        <Alert
          styles={READABLE_ALERT}
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="The import stopped"
        >
          {item.last_error ?? 'It stopped before it finished.'} Resuming goes on from the last saved row; no row is
          applied twice.
        </Alert>
      )}
      <ImportCounts counts={item.counts} label={busy ? 'So far' : 'Summary'} />
      {item.notes.length > 0 && (
        <List size="sm" spacing={4}>
          {item.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
      {!busy && <ImportErrorsTable importId={item.id} kind="import" errorRows={item.error_rows} />}
      <Group justify="flex-end" gap="sm">
        {item.status === 'failed' && (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={resume.isPending}
            onClick={() => resume.mutate(item.id, { onError: (error) => showApiError(error) })}
          >
            Resume import
          </Button>
        )}
        <Button variant="default" component={Link} to={routePath('users-import')}>
          Import history
        </Button>
        {item.status === 'completed' && (
          <>
            <Button variant="default" onClick={onNewImport}>
              Import another file
            </Button>
            <Button component={Link} to={routePath('users')}>
              View users
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
