import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NotificationTemplatesTable } from '../../db/types.ts';

export type TemplateRow = Selectable<NotificationTemplatesTable>;
type Db = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  'id',
  'company_id',
  'type',
  'method',
  'name',
  'subject',
  'body',
  'default_id',
  'created_at',
  'updated_at',
] as const;

/** A template the company may see: its own, or a system default. */
export async function findVisibleTemplate(db: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('notification_templates')
    .select(COLUMNS)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
    .executeTakeFirst();
}

export async function findSystemDefault(db: Db, type: string, method: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('notification_templates')
    .select(COLUMNS)
    .where('company_id', 'is', null)
    .where('type', '=', type)
    .where('method', '=', method)
    .executeTakeFirst();
}

export async function findOverride(db: Db, companyId: number, defaultId: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('notification_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('default_id', '=', defaultId)
    .executeTakeFirst();
}

/** The (type, method) pairs that have a system default row. */
export async function listSystemDefaultKeys(db: Db): Promise<{ type: string; method: string }[]> {
  return db.selectFrom('notification_templates').select(['type', 'method']).where('company_id', 'is', null).execute();
}

/** Inserts missing system defaults; a row another process inserted meanwhile is left alone. */
export async function insertSystemDefaults(db: Db, rows: Insertable<NotificationTemplatesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_templates')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface TemplateListFilter {
  companyId: number;
  types?: readonly string[];
  methods?: readonly string[];
  source?: 'default' | 'custom';
  /** Lower-cased search text, matched in name, subject and body. */
  text?: string;
}

type SortColumn = 'type' | 'method' | 'name' | 'updated_at' | 'id';

function listBase(db: Db, f: TemplateListFilter) {
  let query = db.selectFrom('notification_templates as t').where((eb) => {
    const own = eb('t.company_id', '=', f.companyId);
    const notOverridden = eb.and([
      eb('t.company_id', 'is', null),
      eb.not(
        eb.exists(
          eb
            .selectFrom('notification_templates as o')
            .select('o.id')
            .where('o.company_id', '=', f.companyId)
            .whereRef('o.default_id', '=', 't.id'),
        ),
      ),
    ]);
    if (f.source === 'custom') return own;
    if (f.source === 'default') return notOverridden;
    return eb.or([own, notOverridden]);
  });
  if (f.types && f.types.length > 0) query = query.where('t.type', 'in', [...f.types]);
  if (f.methods && f.methods.length > 0) query = query.where('t.method', 'in', [...f.methods]);
  if (f.text) {
    const like = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['t.name']), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('t.subject', eb.val(''))]), 'like', like),
        eb(eb.fn('lower', ['t.body']), 'like', like),
      ]),
    );
  }
  return query;
}

/** The list of GET /templates: the company's templates and the defaults it has not customised. */
export async function listTemplateRows(
  db: Db,
  f: TemplateListFilter,
  page: { sort: SortColumn; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const totalRow = await listBase(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  let query = listBase(db, f).select(COLUMNS.map((c) => `t.${c}` as const));
  query = query.orderBy(`t.${page.sort}`, page.order);
  if (page.sort !== 'type') query = query.orderBy('t.type', 'asc');
  if (page.sort !== 'method') query = query.orderBy('t.method', 'asc');
  if (page.sort !== 'id') query = query.orderBy('t.id', 'asc');
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function insertTemplate(db: Db, row: Insertable<NotificationTemplatesTable>): Promise<number> {
  const inserted = await db.insertInto('notification_templates').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateTemplateRow(
  db: Db,
  companyId: number,
  id: number,
  changes: Updateable<NotificationTemplatesTable>,
): Promise<void> {
  await db
    .updateTable('notification_templates')
    .set(changes)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** The company's own templates among `ids`. */
export async function findCompanyTemplates(db: Db, companyId: number, ids: readonly number[]): Promise<TemplateRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('notification_templates')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes company templates; schedules that named them fall back to their type's default (set null). */
export async function deleteCompanyTemplates(db: Db, companyId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('notification_templates')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the preview shows of the company: its name and primary colour. */
export async function findCompanyBranding(db: Db, companyId: number) {
  return db.selectFrom('companies').select(['name', 'primary_color']).where('id', '=', companyId).executeTakeFirst();
}
