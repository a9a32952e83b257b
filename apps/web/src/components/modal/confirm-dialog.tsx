import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Modal, useModalClose } from './modal.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what cannot simply be undone. */
  danger?: boolean;
  /** A refusal to show in the dialog (the dialog stays open when `onConfirm` rejects). */
  error?: string | null;
  onConfirm: () => unknown;
  /** After the close animation, whichever way the dialog closed. */
  onClose: () => void;
}

function Buttons({
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
}: Pick<ConfirmDialogProps, 'confirmLabel' | 'cancelLabel' | 'danger' | 'onConfirm'>) {
  const close = useModalClose();
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={close} data-autofocus>
        {cancelLabel ?? 'Cancel'}
      </Button>
      <Button
        color={danger ? 'red' : undefined}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
            close();
          } catch {
            // The owner shows the refusal (`error`); the dialog stays open.
          } finally {
            setBusy(false);
          }
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

/**
 * Asks before an action (leaving with unsaved changes, deleting, deactivating…). An `onConfirm` that
 * rejects keeps the dialog open, with the owner's `error` shown in it.
 */
export function ConfirmDialog({ opened, title, message, error, onClose, ...buttons }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="lg">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {/* A sentence in a paragraph; richer content (lists) as its owner lays it out: a <p> cannot hold a list. */}
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Buttons {...buttons} />
      </Stack>
    </Modal>
  );
}
