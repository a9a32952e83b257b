export { AssetDropzone } from './asset-dropzone.tsx';
