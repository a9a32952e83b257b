export { Modal, type ModalProps, useModalClose } from './modal.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
