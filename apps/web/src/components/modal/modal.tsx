import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core';
import { MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

export interface ModalProps extends Omit<MantineModalProps, 'opened' | 'onClose'> {
  opened: boolean;
  /** Runs once the closing animation has finished (spec §4: 150 ms); the owner then sets `opened` false. */
  onClose: () => void;
  children?: ReactNode;
}

const ModalCloseContext = createContext<(() => void) | null>(null);

/**
 * Closes the enclosing {@link Modal} the same way its close button does: hide with the animation, then
 * call `onClose` after the delay.
 */
export function useModalClose(): () => void {
  const close = useContext(ModalCloseContext);
  if (!close) throw new Error('useModalClose must be used inside a Modal.');
  return close;
}

/**
 * Mantine's Modal whose close (button, Escape, overlay or {@link useModalClose}) first plays a
 * 150 ms animation and only then tells the owner (spec §4 "Modal: closes with a 150 ms animation delay").
 */
export function Modal({ opened, onClose, children, transitionProps, closeButtonProps, ...props }: ModalProps) {
  const [isClosing, setIsClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => () => clearTimeout(timer.current), []);

  // Hidden from the close until the owner says it is closed: an owner whose state arrives later (a router's
  // blocker, a transition) must not see the dialog flash open again, nor have it catch a key meanwhile.
  if (isClosing && !opened) setIsClosing(false);

  const close = useCallback(() => {
    if (timer.current !== undefined) return;
    setIsClosing(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      onCloseRef.current();
    }, MODAL_CLOSE_DELAY_MS);
  }, []);

  return (
    <MantineModal
      {...props}
      opened={opened && !isClosing}
      onClose={close}
      transitionProps={{ duration: MODAL_CLOSE_DELAY_MS, ...transitionProps }}
      closeButtonProps={{ 'aria-label': 'Close', ...closeButtonProps }}
    >
      <ModalCloseContext.Provider value={close}>{children}</ModalCloseContext.Provider>
    </MantineModal>
  );
}
