import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what cannot simply be undone. */
  danger?: boolean;
  onConfirm: () => void;
  /** After the close animation, whichever way the dialog closed. */
  onClose: () => void;
}

function Buttons({
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
}: Omit<ConfirmDialogProps, 'opened' | 'title' | 'message' | 'onClose'>) {
  const close = useModalClose();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={close} data-autofocus>
        {cancelLabel ?? 'Cancel'}
      </Button>
      <Button
        color={danger ? 'red' : undefined}
        onClick={() => {
          onConfirm();
          close();
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

/** Asks before an action on the user (deactivate, send a reset, sign in as them, discard changes). */
export function ConfirmDialog({ opened, title, message, onClose, ...buttons }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Buttons {...buttons} />
      </Stack>
    </Modal>
  );
}
