import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatApiError } from '../../../lib/error-notices.tsx';

export function ReportLoading() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3, 4].map((n) => (
        <Skeleton key={n} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** What the server said (a 403 without question reports says so in its message). */
export function ReportError({ error }: { error: unknown }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="The report could not be loaded"
    >
      {formatApiError(error).message}
    </Alert>
  );
}
