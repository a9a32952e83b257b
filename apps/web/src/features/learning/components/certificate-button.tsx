import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef } from 'react';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useDownloadCertificate } from '../api/download-certificate.ts';
import classes from './my-status.module.css';

/** The learner's certificate of a completed assignment, downloaded as a PDF. */
export function CertificateButton({
  assignmentId,
  courseName,
  variant = 'default',
  fullWidth,
}: {
  assignmentId: number;
  courseName?: string;
  variant?: 'default' | 'filled' | 'light';
  fullWidth?: boolean;
}) {
  const download = useDownloadCertificate();
  // One download at a time: a second click before the first has started its request does nothing.
  const busy = useRef(false);
  const onClick = () => {
    if (busy.current) return;
    busy.current = true;
    download.mutate(assignmentId, {
      onSettled: () => {
        busy.current = false;
      },
    });
  };
  return (
    <Stack gap={4} w={fullWidth ? '100%' : undefined}>
      <Button
        variant={variant}
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={download.isPending}
        aria-label={courseName ? `Download certificate of ${courseName}` : undefined}
        onClick={onClick}
      >
        Download certificate
      </Button>
      {download.isError && (
        <Text size="sm" role="alert" className={classes.late}>
          {formatApiError(download.error).message}
        </Text>
      )}
    </Stack>
  );
}
