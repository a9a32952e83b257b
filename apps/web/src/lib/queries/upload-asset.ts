import { type Asset, type AssetType, endpointRoutes, endpointUrl } from '@heed/contract';
import { type UploadHandle, uploadFile } from '../upload-file.ts';

/**
 * POST /companies/assets (spec §7, multipart): `type` first, so that the server keeps only that
 * type's size limit while the file streams in. The server checks the file's content, not its name.
 */
export const uploadAsset = (type: AssetType, file: File, onProgress: (fraction: number) => void): UploadHandle<Asset> =>
  uploadFile<Asset>(endpointUrl(endpointRoutes.uploadAsset), { type }, file, onProgress);
