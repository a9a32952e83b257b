import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { useCancelImportJob } from '../api/cancel-import-job.ts';

/**
 * Stops a dry run or an import under way, after a confirmation: the rows already committed stay (an
 * import commits in chunks and can be started again, resuming after them), and nothing else is lost.
 */
export function CancelImportButton({ jobId, running }: { jobId: number; running: 'dry-run' | 'import' }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelImportJob();
  const what = running === 'dry-run' ? 'check' : 'import';
  const stop = () =>
    cancel.mutate(jobId, {
      onSuccess: () => setConfirming(false),
      onError: () => notify.error(`The ${what} could not be stopped. It may have just finished.`),
    });
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setConfirming(true)}>
        {running === 'dry-run' ? 'Stop check' : 'Stop import'}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Stop this ${what}?`} centered>
        <Text size="sm">
          {running === 'dry-run'
            ? 'The check stops within a few seconds. Nothing has been changed; you can check the file again.'
            : 'The import stops within a few seconds. Users already imported stay; starting the import again resumes after them.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep going
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={stop}>
            {running === 'dry-run' ? 'Stop check' : 'Stop import'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
