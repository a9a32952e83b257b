import type { TestClient } from './support/client.ts';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart body built by the platform's own FormData encoder, as a browser would send it. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(part.name, new Blob([part.file], { type: part.type ?? 'application/octet-stream' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** POST /companies/assets with these parts (extra headers: X-Company-ID). */
export async function upload(client: TestClient, parts: Part[], headers: Record<string, string> = {}) {
  const { body, contentType } = await multipart(parts);
  return client.post('/api/v3/companies/assets', body, { headers: { 'content-type': contentType, ...headers } });
}

/** The parts of an upload of `file` as an asset of `type`. */
export const assetParts = (type: string, file: Buffer, filename: string, mime = 'application/octet-stream'): Part[] => [
  { name: 'type', value: type },
  { name: 'file', file, filename, type: mime },
];
