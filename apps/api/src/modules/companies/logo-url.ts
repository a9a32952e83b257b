import { createHmac, timingSafeEqual } from 'node:crypto';
import { endpointUrl, endpoints } from '@heed/contract';
import type { Config } from '../../config.ts';
import { secretKey } from '../../platform/secret-box.ts';

// The public address of a company's logo, for e-mails (decision 077): `<asset id>.<HMAC-SHA256>`,
// the MAC over the asset's id, company and stored path under a key derived from the server's secret
// key. It does not expire (a mail read next year still shows its logo) but names one logo file only:
// another id, an edited signature or a deleted file answers 404.

const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

export interface LogoAsset {
  id: number;
  company_id: number;
  path: string;
}

/** The signing key: the sealing key of decision 069, narrowed to this one use. */
const logoKey = (config: Pick<Config, 'dataDir'>) =>
  createHmac('sha256', secretKey(config.dataDir)).update('heed:company-logo-url').digest();

const sign = (key: Buffer, asset: LogoAsset) =>
  createHmac('sha256', key).update(`company-logo:${asset.id}:${asset.company_id}:${asset.path}`).digest('base64url');

/** The absolute, session-free address of a logo asset (`PUBLIC_URL/api/v3/public/logos/{token}`). */
export function companyLogoUrl(config: Pick<Config, 'dataDir' | 'publicUrl'>, asset: LogoAsset): string {
  const token = `${asset.id}.${sign(logoKey(config), asset)}`;
  return `${config.publicUrl.replace(/\/+$/, '')}${endpointUrl(endpoints.getCompanyLogo, { token })}`;
}

/** The asset id a token names (its signature still to be checked against the row), or null when malformed. */
export function logoTokenId(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

/** Whether the token's signature is the one this asset's URL carries (compared in constant time). */
export function isLogoTokenOf(config: Pick<Config, 'dataDir'>, token: string, asset: LogoAsset): boolean {
  const given = Buffer.from(TOKEN.exec(token)?.[2] ?? '');
  const expected = Buffer.from(sign(logoKey(config), asset));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
