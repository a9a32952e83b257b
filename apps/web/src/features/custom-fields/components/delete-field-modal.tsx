import type { CustomFieldListItem } from '@heed/contract';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { usersText } from '../model/conversion-choices.ts';

const formatCount = new Intl.NumberFormat('en-US');

export interface DeleteFieldModalProps {
  field: CustomFieldListItem | null;
  /** Deletes the field; resolves with how many values went. */
  onDelete: (field: CustomFieldListItem) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a delete, saying how many users lose their value and what else refers to the key. */
export function DeleteFieldModal({ field, onDelete, onClose }: DeleteFieldModalProps) {
  return (
    <Modal opened={field !== null} onClose={onClose} title={field ? `Delete ${field.label}?` : ''} size="md">
      {field && <DeleteConfirm field={field} onDelete={onDelete} />}
    </Modal>
  );
}

function DeleteConfirm({
  field,
  onDelete,
}: {
  field: CustomFieldListItem;
  onDelete: DeleteFieldModalProps['onDelete'];
}) {
  const close = useModalClose();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const holders = field.user_count ?? 0;
  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete(field);
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setDeleting(false);
    }
  };
  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Text size="sm">
        {holders > 0
          ? `${usersText(holders)} ${holders === 1 ? 'holds' : 'hold'} a value of ${field.label}. The values are deleted with the field and cannot be brought back.`
          : `No user holds a value of ${field.label}.`}
      </Text>
      <Text size="sm" c="dimmed">
        Saved views, import mappings and assignment rules that use the key <Code>{field.key}</Code> stop matching it.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={remove}>
          {holders > 0
            ? `Delete field and ${holders === 1 ? '1 value' : `${formatCount.format(holders)} values`}`
            : 'Delete field'}
        </Button>
      </Group>
    </Stack>
  );
}
