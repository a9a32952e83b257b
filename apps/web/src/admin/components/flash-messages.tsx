import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { flashSnackbar } from '../../components/notices/index.ts';
import { type FlashButton, type FlashMessage, takeFlashMessage } from '../../lib/flash.ts';

const OkDialog = lazy(() => import('./ok-dialog.tsx').then((m) => ({ default: m.OkDialog })));

type FlashModal = NonNullable<FlashMessage['modal']>;

/**
 * Flash messages (spec §4): a stored message shows once after the next route change, then is gone.
 * The modal has no cancel; the snackbar defaults to 5000 ms, is-danger, is-bottom.
 */
export function FlashMessages() {
  const location = useLocation();
  const navigate = useNavigate();
  const [modal, setModal] = useState<FlashModal | null>(null);
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is the trigger
  useEffect(() => {
    const flash = takeFlashMessage();
    if (!flash) return;
    if (flash.snackbar) {
      const { message, ...options } = flash.snackbar;
      flashSnackbar(message, options);
    }
    if (flash.modal) {
      setModal(flash.modal);
      setOpen(true);
    }
  }, [location.key]);

  if (!modal) return null;
  const press = (button: FlashButton | undefined) => {
    setOpen(false);
    if (button?.to) navigate(button.to);
  };
  return (
    <Suspense fallback={null}>
      <OkDialog
        opened={open}
        title={modal.heading}
        body={modal.content}
        okLabel={modal.primaryButton?.label}
        onOk={() => press(modal.primaryButton)}
        secondary={
          modal.secondaryButton && {
            label: modal.secondaryButton.label,
            onClick: () => press(modal.secondaryButton),
          }
        }
        testId="flash-modal"
      />
    </Suspense>
  );
}
