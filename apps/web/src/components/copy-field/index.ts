export { CopyField } from './copy-field.tsx';
