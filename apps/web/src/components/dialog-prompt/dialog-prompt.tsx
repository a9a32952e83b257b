import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { colorSchemeManager, cssVariablesResolver, theme } from '../../lib/theme.ts';
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

/**
 * The console's colour scheme, read but not subscribed to: the app's own MantineProvider already follows other
 * windows, and the manager keeps one listener, which a second subscriber would take over from the app.
 */
const promptColorSchemeManager: MantineColorSchemeManager = {
  ...colorSchemeManager,
  subscribe: () => {},
  unsubscribe: () => {},
};

/**
 * Asks for values in a modal and resolves with them on OK, or with null once it has closed by Cancel, Escape or the
 * close button. Needs no provider: the console leaves Mantine's ModalsProvider out of its entry chunk (see
 * admin/app/providers.tsx), so the prompt mounts its own React root, in the console's theme and colour scheme, and
 * removes it once closed. That root has no router or query client, so the fields must not need them.
 */
export function openDialogPrompt({ title, ...form }: OpenDialogPromptOptions): Promise<PromptValues | null> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={promptColorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        <DialogPrompt
          {...form}
          opened
          title={title}
          onSubmit={resolve}
          onClose={() => {
            resolve(null); // no-op after OK: a promise settles once
            root.unmount();
            container.remove();
          }}
        />
      </MantineProvider>,
    );
  });
}
