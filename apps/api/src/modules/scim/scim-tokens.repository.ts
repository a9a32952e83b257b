import type { Insertable, Kysely } from 'kysely';
import { compileOnce } from '../../db/compile-once.ts';
import type { Database, ProvisioningLogTable } from '../../db/types.ts';

// Every SCIM call reads its token and writes a log row: both compiled once per handle (compileOnce).

const selectTokenByHash = compileOnce((db) =>
  db
    .selectFrom('scim_tokens')
    .innerJoin('companies', 'companies.id', 'scim_tokens.company_id')
    .select(['scim_tokens.id', 'scim_tokens.company_id', 'scim_tokens.last_used_at', 'companies.suspended'])
    .where('scim_tokens.token_hash', '=', '')
    .where('scim_tokens.revoked_at', 'is', null),
);

/** The live token with this hash and its company, if the company is not suspended. */
export async function findTokenByHash(db: Kysely<Database>, hash: string) {
  return (await selectTokenByHash(db, [hash]))[0];
}

export async function touchToken(db: Kysely<Database>, id: number, at: string) {
  await db.updateTable('scim_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function listTokens(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('scim_tokens')
    .leftJoin('users', 'users.id', 'scim_tokens.created_by')
    .select([
      'scim_tokens.id',
      'scim_tokens.name',
      'scim_tokens.created_at',
      'scim_tokens.last_used_at',
      'scim_tokens.revoked_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('scim_tokens.company_id', '=', companyId)
    .orderBy('scim_tokens.id', 'desc')
    .execute();
}
export type TokenRow = Awaited<ReturnType<typeof listTokens>>[number];

export async function insertToken(
  db: Kysely<Database>,
  values: { companyId: number; name: string; hash: string; createdBy: number; now: string },
) {
  const row = await db
    .insertInto('scim_tokens')
    .values({
      company_id: values.companyId,
      name: values.name,
      token_hash: values.hash,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findToken(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('scim_tokens')
    .select(['id', 'name', 'revoked_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function revokeTokenRow(db: Kysely<Database>, id: number, at: string) {
  await db.updateTable('scim_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
}

const LOG_COLUMNS = [
  'company_id',
  'token_id',
  'method',
  'path',
  'status',
  'operation',
  'resource_type',
  'resource_id',
  'display',
  'detail',
  'created_at',
] as const satisfies readonly (keyof ProvisioningLogTable)[];
/** What the provisioning log shows of an entry (its company and token are the reader's own). */
const SHOWN_LOG_COLUMNS = LOG_COLUMNS.filter(
  (column): column is Exclude<(typeof LOG_COLUMNS)[number], 'company_id' | 'token_id'> =>
    column !== 'company_id' && column !== 'token_id',
);
const insertLogRow = compileOnce((db) =>
  db
    .insertInto('provisioning_log')
    .values(Object.fromEntries(LOG_COLUMNS.map((column) => [column, null])) as Insertable<ProvisioningLogTable>),
);

export async function insertLogEntry(
  db: Kysely<Database>,
  entry: Required<Pick<Insertable<ProvisioningLogTable>, (typeof LOG_COLUMNS)[number]>>,
) {
  await insertLogRow(
    db,
    LOG_COLUMNS.map((column) => entry[column]),
  );
}

export interface LogQuery {
  companyId: number;
  operation?: string;
  result?: 'success' | 'failure';
  offset: number;
  limit: number;
}

/** Newest first; the filters use the (company_id, operation|status, id) indexes. */
export async function listLogEntries(db: Kysely<Database>, q: LogQuery) {
  let query = db.selectFrom('provisioning_log').where('company_id', '=', q.companyId);
  if (q.operation) query = query.where('operation', '=', q.operation);
  if (q.result === 'success') query = query.where('status', '<', 400);
  if (q.result === 'failure') query = query.where('status', '>=', 400);
  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', ...SHOWN_LOG_COLUMNS])
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows, total: Number(counted.n) };
}
