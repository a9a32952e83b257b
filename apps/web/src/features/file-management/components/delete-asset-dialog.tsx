import type { Asset } from '@heed/contract';
import { List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDeleteAsset } from '../api/delete-asset.ts';

/**
 * Asks before deleting a file. While something uses it (the company's logo, a course's thumbnail or
 * a topic), the server refuses (409) and names each use: they are listed in the dialog.
 */
export function DeleteAssetDialog({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const remove = useDeleteAsset();
  const [refusal, setRefusal] = useState<{ message: string; uses: string[] } | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!asset) return;
    try {
      await remove.mutateAsync(asset.path);
      notify.success(`${asset.name} deleted.`);
    } catch (error) {
      const uses = isApiError(error, 409) ? (error.details?.path ?? []) : [];
      setRefusal({ message: error instanceof Error ? error.message : String(error), uses });
      throw error;
    }
  };
  return (
    <ConfirmDialog
      opened={asset !== null}
      title="Delete this file?"
      message={
        <Stack gap="xs">
          <Text size="sm">
            <strong>{asset?.name}</strong> is deleted for good; links to it stop working.
          </Text>
          {refusal && refusal.uses.length > 0 && (
            <div role="alert">
              <Text size="sm" c="red" fw={600}>
                It is in use:
              </Text>
              <List size="sm">
                {refusal.uses.map((use) => (
                  <List.Item key={use}>{use}</List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      }
      error={refusal && refusal.uses.length === 0 ? refusal.message : null}
      confirmLabel="Delete"
      danger
      onConfirm={confirm}
      onClose={close}
    />
  );
}
