import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { safeEqual } from '../../platform/tokens.ts';

// A SCORM package plays in an iframe sandboxed without allow-same-origin: its document has an opaque
// origin, so the browser treats every request it makes as cross-site and sends no SameSite=Lax session
// cookie. Its files are therefore reached through a key in the path, issued to a signed-in reader for
// one package and a few hours (decision 061): `/content/scorm/{id}/~{key}/{path}`. The key names the
// reader, who is checked again on every request, so a suspended learner or a course withdrawn from
// their company stops it at once.

/** How long a content key opens its package. */
export const CONTENT_KEY_HOURS = 12;

export interface ContentKeys {
  issue(mediaId: number, userId: number, now: Date): string;
  /** The reader's user id, or null when the key is forged, for another package or expired. */
  verify(mediaId: number, key: string, now: Date): number | null;
}

/** The server's secret for content keys: made once, kept beside the data (every API process shares DATA_DIR). */
function loadSecret(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(path, randomBytes(32), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process made it first.
    }
    return readFileSync(path);
  }
}

export function contentKeys(secretPath: string): ContentKeys {
  let secret: Buffer | undefined;
  const mac = (mediaId: number, userId: number, expires: number) => {
    secret ??= loadSecret(secretPath);
    return createHmac('sha256', secret)
      .update(`scorm:${mediaId}:${userId}:${expires}`)
      .digest('base64url')
      .slice(0, 32);
  };
  return {
    issue(mediaId, userId, now) {
      const expires = Math.floor(now.getTime() / 1000) + CONTENT_KEY_HOURS * 3600;
      return `${userId.toString(36)}.${expires.toString(36)}.${mac(mediaId, userId, expires)}`;
    },
    verify(mediaId, key, now) {
      const match = /^([0-9a-z]{1,8})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match) return null;
      const userId = Number.parseInt(match[1]!, 36);
      const expires = Number.parseInt(match[2]!, 36);
      if (!safeEqual(match[3]!, mac(mediaId, userId, expires))) return null;
      return expires * 1000 > now.getTime() ? userId : null;
    },
  };
}
