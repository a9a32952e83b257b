import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * A named signing key of this installation (`server_secrets`): 32 random bytes drawn on first use and
 * kept, so the API, the worker and every restart sign alike. Two first draws at once keep the first.
 */
export async function serverSecret(db: Kysely<Database>, name: string, now: string): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`The server secret ${name} could not be stored.`);
  return Buffer.from(row.value, 'base64url');
}
