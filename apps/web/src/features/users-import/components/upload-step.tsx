import { IMPORT_FILE_ACCEPT, MAX_IMPORT_BYTES, type UserImport } from '@heed/contract';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DropZone } from '../../../components/drop-zone/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { type UploadProgress, uploadImport } from '../api/upload-import.ts';
import { formatBytes } from '../model/format.ts';
import { READABLE_ALERT } from './alert-styles.ts';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: File; progress: UploadProgress }
  | { kind: 'failed'; file: File | null; message: string };

/**
 * Step 1: a file dropped (or chosen) is uploaded at once, with a progress bar; the server reads its
 * columns, a sample and its encoding, and the stepper moves on to the mapping.
 */
export function UploadStep({ onUploaded }: { onUploaded: (item: UserImport) => void }) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const openRef = useRef<() => void>(null);

  const start = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', file, progress: { loaded: 0, total: file.size } });
    try {
      const item = await uploadImport(
        file,
        (progress) => setState({ kind: 'uploading', file, progress }),
        controller.signal,
      );
      onUploaded(item);
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return setState({ kind: 'idle' });
      const details = isApiError(error) ? error.details.file : undefined;
      setState({ kind: 'failed', file, message: details?.join(' ') ?? formatApiError(error).message });
    }
  };

  const uploading = state.kind === 'uploading' ? state : null;
  const percent = uploading ? Math.round((uploading.progress.loaded / Math.max(1, uploading.progress.total)) * 100) : 0;
  return (
    <Stack gap="md" maw={760}>
      <DropZone
        onDrop={(files) => files[0] && void start(files[0])}
        onReject={(rejections) =>
          setState({
            kind: 'failed',
            file: null,
            message:
              rejections[0]?.errors[0]?.code === 'file-too-large'
                ? `The file is too large: an import may be at most ${formatBytes(MAX_IMPORT_BYTES)}.`
                : 'Choose one CSV or XLSX file.',
          })
        }
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        disabled={uploading !== null}
        openRef={openRef}
        aria-label="Drop a CSV or XLSX file here"
        data-testid="import-dropzone"
      >
        {(state) => (
          <Group justify="center" gap="lg" mih={180} wrap="nowrap">
            {state === 'accept' ? (
              <IconUpload size={44} stroke={1.4} aria-hidden />
            ) : state === 'reject' ? (
              <IconX size={44} stroke={1.4} aria-hidden />
            ) : (
              <IconFileSpreadsheet size={44} stroke={1.4} aria-hidden />
            )}
            <Stack gap={4}>
              <Text size="lg" fw={600}>
                Drop a CSV or XLSX file of users here
              </Text>
              <Text size="sm" c="dimmed">
                One row per person, with a header row. Any delimiter; UTF-8 or Latin-1. Up to{' '}
                {formatBytes(MAX_IMPORT_BYTES)}.
              </Text>
            </Stack>
          </Group>
        )}
      </DropZone>
      <Group gap="sm">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => openRef.current?.()}
          disabled={uploading !== null}
        >
          Choose a file
        </Button>
        <Text size="xs" c="dimmed">
          Accepted: {IMPORT_FILE_ACCEPT.join(', ')}
        </Text>
      </Group>
      {uploading && (
        <Stack gap={6} data-testid="upload-progress">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Uploading {uploading.file.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatBytes(uploading.progress.loaded)} of {formatBytes(uploading.progress.total)}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            radius="xl"
            striped
            animated
            aria-label={`Uploading ${uploading.file.name}`}
          />
          <Group>
            <Button variant="subtle" size="xs" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </Group>
        </Stack>
      )}
      {state.kind === 'failed' && (
        <Alert
          styles={READABLE_ALERT}
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="This file cannot be imported"
          role="alert"
        >
          {state.file ? `${state.file.name}: ` : ''}
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}
