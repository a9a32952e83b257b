import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../components/modal/index.ts';

export interface OkDialogButton {
  label: string;
  onClick: () => void;
}

export interface OkDialogProps {
  opened: boolean;
  title: string;
  body: string;
  /** The primary button; 'OK' unless named. */
  onOk: () => void;
  okLabel?: string;
  /** Another way out that is no cancel (the flash message's secondary button). */
  secondary?: OkDialogButton;
  testId?: string;
}

/**
 * A dialog that can only be answered (the session dialogs, the flash modal; spec §4): no close
 * button, no Escape, no click outside.
 */
export function OkDialog({ opened, title, body, onOk, okLabel = 'OK', secondary, testId }: OkDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={title}
      centered
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      data-testid={testId}
    >
      <Text size="sm">{body}</Text>
      <Group justify="flex-end" mt="lg">
        {secondary && (
          <Button variant="default" onClick={secondary.onClick}>
            {secondary.label}
          </Button>
        )}
        <Button data-autofocus onClick={onOk}>
          {okLabel}
        </Button>
      </Group>
    </Modal>
  );
}
