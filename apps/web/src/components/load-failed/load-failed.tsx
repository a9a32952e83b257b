import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatApiError } from '../../lib/error-notices.tsx';

export interface LoadFailedProps {
  /** What could not be loaded, as a sentence: "Your courses could not be loaded". */
  title: string;
  error: unknown;
  /** Asks again ("Try again"); shows its progress while `retrying`. */
  onRetry: () => void;
  retrying: boolean;
}

/** A read that failed: what, why (the server's message), and a way to ask again. */
export function LoadFailed({ title, error, onRetry, retrying }: LoadFailedProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{formatApiError(error).message}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
