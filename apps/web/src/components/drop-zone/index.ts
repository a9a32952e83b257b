export { DropZone, type DropZoneProps, type DropZoneState, type FileRejection } from './drop-zone.tsx';
