import { modals } from '@mantine/modals';
import { MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import type { ReactNode } from 'react';
import { Modal, useModalClose } from '../modal/index.ts';
import { DialogPromptForm, type DialogPromptFormProps } from './dialog-prompt-form.tsx';
import type { PromptValues } from './prompt-fields.ts';

export interface DialogPromptProps extends Omit<DialogPromptFormProps, 'onCancel'> {
  opened: boolean;
  title: ReactNode;
  /** Runs after the close animation, on OK, Cancel, Escape or the close button. */
  onClose: () => void;
}

/** A modal asking for a few values (spec §5: each input required unless it opts out). */
export function DialogPrompt({ opened, title, onClose, onSubmit, ...form }: DialogPromptProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened && <ClosingForm {...form} onSubmit={onSubmit} />}
    </Modal>
  );
}

function ClosingForm({ onSubmit, ...form }: Omit<DialogPromptFormProps, 'onCancel'>) {
  const close = useModalClose();
  return (
    <DialogPromptForm
      {...form}
      onCancel={close}
      onSubmit={(values) => {
        onSubmit(values);
        close();
      }}
    />
  );
}

export interface OpenDialogPromptOptions extends Omit<DialogPromptFormProps, 'onSubmit' | 'onCancel'> {
  title: ReactNode;
}

let promptCount = 0;

/**
 * Asks for values in a modal and resolves with them, or with null when the user cancels or closes it. Needs the
 * `ModalsProvider` of @mantine/modals above the app.
 */
export function openDialogPrompt({ title, ...form }: OpenDialogPromptOptions): Promise<PromptValues | null> {
  return new Promise((resolve) => {
    promptCount += 1;
    const modalId = `dialog-prompt-${promptCount}`;
    modals.open({
      modalId,
      title,
      transitionProps: { duration: MODAL_CLOSE_DELAY_MS },
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => resolve(null),
      children: (
        <DialogPromptForm
          {...form}
          onCancel={() => modals.close(modalId)}
          onSubmit={(values) => {
            resolve(values);
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}
