import { SVG_MIME } from '@heed/contract';
import { detectMediaType } from '../course-media/index.ts';
import { looksLikeSvg } from './svg-check.ts';

/** The file types assets may have, recognised by their first bytes (never by name or declared type). */
const SIGNATURES: { mime: string; extension: string; matches: (head: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    extension: 'png',
    matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', extension: 'jpg', matches: (h) => h.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    mime: 'image/webp',
    extension: 'webp',
    matches: (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP',
  },
  { mime: 'application/pdf', extension: 'pdf', matches: (h) => h.toString('latin1', 0, 5) === '%PDF-' },
  // Text that starts like XML or SVG: only a candidate, read whole and checked by svg-check.ts.
  { mime: SVG_MIME, extension: 'svg', matches: looksLikeSvg },
];

export function detectFileType(head: Buffer): { mime: string; extension: string } | null {
  const found = SIGNATURES.find((signature) => signature.matches(head));
  return found ? { mime: found.mime, extension: found.extension } : detectMediaType('video', head);
}
