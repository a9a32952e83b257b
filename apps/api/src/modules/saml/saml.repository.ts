import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, SamlEventsTable, SamlSettingsTable } from '../../db/types.ts';

export async function findSettings(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('saml_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

export async function saveSettings(
  db: Kysely<Database>,
  companyId: number,
  values: Updateable<SamlSettingsTable> & { updated_at: string },
) {
  const existing = await findSettings(db, companyId);
  if (existing) await db.updateTable('saml_settings').set(values).where('company_id', '=', companyId).execute();
  else
    await db
      .insertInto('saml_settings')
      .values({ ...values, company_id: companyId } as Insertable<SamlSettingsTable>)
      .execute();
}

/** Companies whose IdP metadata is fetched from a URL (the daily refresh's work). */
export async function listMetadataUrls(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('saml_settings')
    .select(['company_id', 'idp_metadata_url'])
    .where('idp_metadata_url', 'is not', null)
    .orderBy('company_id')
    .execute();
  return rows as { company_id: number; idp_metadata_url: string }[];
}

/** Enabled SSO of companies naming this e-mail domain (one expected; none or several: no answer). */
export async function findCompaniesByDomain(db: Kysely<Database>, domain: string) {
  const rows = await db
    .selectFrom('saml_settings')
    .select(['company_id', 'email_domains'])
    .where('enabled', '=', 1)
    .where('email_domains', 'like', `%${domain.replace(/[\\%_]/g, '')}%`)
    .execute();
  return rows.filter((r) => (r.email_domains ?? '').split(',').includes(domain)).map((r) => r.company_id);
}

export async function insertRequest(
  db: Kysely<Database>,
  row: { id: string; companyId: number; purpose: string; redirect: string | null; now: string; expiresAt: string },
) {
  await db
    .insertInto('saml_requests')
    .values({
      id: row.id,
      company_id: row.companyId,
      purpose: row.purpose,
      redirect: row.redirect,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function findRequest(db: Kysely<Database>, id: string) {
  return db.selectFrom('saml_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a request answered; false when it was already (a second response to one request). */
export async function consumeRequest(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('saml_requests')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an accepted assertion id; false when it was seen before (a replay). */
export async function rememberAssertion(
  db: Kysely<Database>,
  companyId: number,
  assertionId: string,
  expiresAt: string,
) {
  const inserted = await db
    .insertInto('saml_used_assertions')
    .values({ company_id: companyId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['company_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets requests and assertion ids that can no longer be answered or replayed. */
export async function pruneExpired(db: Kysely<Database>, now: string) {
  await db.deleteFrom('saml_requests').where('expires_at', '<', now).execute();
  await db.deleteFrom('saml_used_assertions').where('expires_at', '<', now).execute();
}

export async function insertEvent(db: Kysely<Database>, event: Insertable<SamlEventsTable>) {
  await db.insertInto('saml_events').values(event).execute();
}

export async function listEvents(
  db: Kysely<Database>,
  companyId: number,
  q: { requestId?: string; offset: number; limit: number },
) {
  let query = db.selectFrom('saml_events').where('company_id', '=', companyId);
  if (q.requestId) query = query.where('request_id', '=', q.requestId);
  const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
  return { rows, total: Number(counted.n) };
}

/** The company's user with this e-mail (or username), any state; site administrators are never signed in by SSO. */
export async function findCompanyUserByEmail(db: Kysely<Database>, companyId: number, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('site_admin', '=', 0)
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', email)]))
    .executeTakeFirst();
}

export async function isNameHeld(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', email)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function isCompanySuspended(db: Kysely<Database>, companyId: number) {
  const row = await db.selectFrom('companies').select('suspended').where('id', '=', companyId).executeTakeFirst();
  return row?.suspended === 1;
}

export async function insertSsoUser(
  db: Kysely<Database>,
  values: Pick<
    Insertable<Database['users']>,
    | 'company_id'
    | 'username'
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'phone'
    | 'role'
    | 'department_id'
    | 'created_at'
    | 'updated_at'
  >,
) {
  return db
    .insertInto('users')
    .values({
      ...values,
      password_hash: null,
      site_admin: 0,
      suspended: 0,
      manager_id: null,
      hired_at: null,
      external_id: null,
      last_login_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSsoUser(db: Kysely<Database>, id: number, values: Updateable<Database['users']>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function recordSsoLogin(db: Kysely<Database>, userId: number, at: string) {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

export async function companyExists(db: Kysely<Database>, companyId: number) {
  return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}
