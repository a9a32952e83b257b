import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatApiError } from '../../../../lib/error-notices.tsx';

/** Why a step was refused (a locked topic, a video not watched to the end…), beside the step's button. */
export function StepError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      {formatApiError(error).message}
    </Alert>
  );
}
