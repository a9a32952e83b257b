export { Modal, type ModalProps, useModalClose } from './modal.tsx';
