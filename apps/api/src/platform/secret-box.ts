import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets kept in the database (the SMTP password) are sealed with AES-256-GCM (decision 069). The
 * key comes from `HEED_SECRET_KEY` (any string; hashed to 32 bytes) or, without it, from the file
 * `secret.key` in the data directory, made once with mode 0600. Sealed values read
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64url); anything else is a value from before sealing.
 */
const PREFIX = 'enc:v1:';
const KEY_FILE = 'secret.key';
const keys = new Map<string, Buffer>();

/** The 32-byte key for this environment and data directory (cached). */
export function secretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.HEED_SECRET_KEY;
  const cacheKey = fromEnv ? `env:${fromEnv}` : `dir:${dataDir}`;
  const known = keys.get(cacheKey);
  if (known) return known;
  let key: Buffer;
  if (fromEnv) key = createHash('sha256').update(fromEnv).digest();
  else {
    const path = join(dataDir, KEY_FILE);
    if (!existsSync(path)) {
      mkdirSync(dataDir, { recursive: true });
      try {
        writeFileSync(path, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
      } catch (error) {
        // Another process made it first: read theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      chmodSync(path, 0o600);
    }
    key = createHash('sha256').update(readFileSync(path, 'utf8').trim()).digest();
  }
  keys.set(cacheKey, key);
  return key;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
  return `${PREFIX}${parts.join(':')}`;
}

/** The plain text of a sealed value; a value from before sealing is returned as it is. Throws on a wrong key. */
export function unseal(key: Buffer, value: string): string {
  if (!isSealed(value)) return value;
  const [iv, tag, data] = value
    .slice(PREFIX.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('A sealed secret is damaged.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
