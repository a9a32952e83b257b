import { join } from 'node:path';
import type { Config } from '../config.ts';
import { s3Storage } from './s3-storage.ts';
import { type FileStorage, localStorage } from './storage.ts';

/** The separate stores of uploaded files: each is a folder under DATA_DIR, or a folder in the bucket. */
export type StorageAreaName = 'assets' | 'course-media' | 'imports' | 'automated-reports';

/**
 * The storage of one area as configured (decision 086): `DATA_DIR/{area}` by default; with STORAGE=s3
 * the bucket's `{S3_PREFIX/}{area}/`, uploads staged in `DATA_DIR/s3-staging/{area}` on their way there.
 */
export function storageArea(config: Pick<Config, 'dataDir' | 'storage'>, area: StorageAreaName): FileStorage {
  const storage = config.storage;
  if (storage.kind === 'local') return localStorage(join(config.dataDir, area));
  // One adapter (and one pool of kept-alive connections) per configuration and area.
  const made = buckets.get(storage) ?? new Map<string, FileStorage>();
  buckets.set(storage, made);
  const name = `${config.dataDir}\0${area}`;
  let adapter = made.get(name);
  if (!adapter) {
    adapter = s3Storage({
      ...storage,
      prefix: storage.prefix ? `${storage.prefix}/${area}` : area,
      stagingDir: join(config.dataDir, 's3-staging', area),
    });
    made.set(name, adapter);
  }
  return adapter;
}

const buckets = new WeakMap<Config['storage'], Map<string, FileStorage>>();
