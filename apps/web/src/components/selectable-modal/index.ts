export { SelectableModal, type SelectableModalProps } from './selectable-modal.tsx';
