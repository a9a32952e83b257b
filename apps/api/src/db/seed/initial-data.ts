import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../types.ts';

/** Placeholder until the demo seed lands: returns the sign-in lines to print. */
export async function ensureInitialData(_db: Kysely<Database>, _config: Config, _log: FastifyBaseLogger): Promise<string[]> {
  return [];
}
