import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Rows per multi-row INSERT: well under either database's bound-parameter limit. */
const CHUNK = 400;

export interface CopyCounts {
  departments: number;
  custom_fields: number;
  templates: number;
  rules: number;
}

/** A parameter in a SELECT list needs a type on PostgreSQL. */
const stampOf = (stamp: string) => sql<string>`CAST(${stamp} AS varchar(32))`;

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Copies the source company's department tree: one multi-row INSERT per depth (parents before their
 * children, so each row's new parent id is known), then every path of the new tree in one recursive
 * UPDATE. Returns the source id → new id map (rules name departments by id).
 */
export async function copyDepartments(trx: Kysely<Database>, from: number, to: number, stamp: string) {
  const source = await trx
    .selectFrom('departments')
    .select(['id', 'parent_id', 'name', 'path'])
    .where('company_id', '=', from)
    .orderBy('path')
    .execute();
  const depth = (path: string) => path.split('/').length;
  const levels = new Map<number, typeof source>();
  for (const row of source) levels.set(depth(row.path), [...(levels.get(depth(row.path)) ?? []), row]);
  const ids = new Map<number, number>();
  for (const level of [...levels.keys()].sort((a, b) => a - b)) {
    for (const part of chunks(levels.get(level) ?? [])) {
      const inserted = await trx
        .insertInto('departments')
        .values(
          part.map((row) => ({
            company_id: to,
            parent_id: row.parent_id === null ? null : (ids.get(row.parent_id) ?? null),
            name: row.name,
            path: 'pending',
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning('id')
        .execute();
      // Both databases return a multi-row VALUES insert's rows in the order given.
      for (const [i, row] of inserted.entries()) ids.set(part[i]!.id, row.id);
    }
  }
  if (source.length > 0) {
    await sql`WITH RECURSIVE tree (id, path) AS (
        SELECT id, '/' || CAST(id AS varchar(12)) || '/' FROM departments WHERE company_id = ${to} AND parent_id IS NULL
        UNION ALL
        SELECT d.id, tree.path || CAST(d.id AS varchar(12)) || '/' FROM departments d JOIN tree ON d.parent_id = tree.id
      )
      UPDATE departments SET path = tree.path FROM tree WHERE departments.id = tree.id`.execute(trx);
  }
  return ids;
}

/** Copies the custom field definitions (not users' values) in one INSERT … SELECT; returns old id → new id by key. */
export async function copyCustomFields(trx: Kysely<Database>, from: number, to: number, stamp: string) {
  await trx
    .insertInto('custom_fields')
    .columns([
      'company_id',
      'key',
      'label',
      'type',
      'options',
      'required',
      'show_in_table',
      'position',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('custom_fields')
        .select([
          sql.lit(to).as('company_id'),
          'key',
          'label',
          'type',
          'options',
          'required',
          'show_in_table',
          'position',
          stampOf(stamp).as('created_at'),
          stampOf(stamp).as('updated_at'),
        ])
        .where('company_id', '=', from),
    )
    .execute();
  const pairs = await trx
    .selectFrom('custom_fields as s')
    .innerJoin('custom_fields as t', (join) => join.onRef('t.key', '=', 's.key').on('t.company_id', '=', to))
    .select(['s.id as source', 't.id as target'])
    .where('s.company_id', '=', from)
    .execute();
  return new Map(pairs.map((p) => [p.source, p.target]));
}

/** Copies the company's own notification templates (not the system defaults) in one INSERT … SELECT. */
export async function copyTemplates(trx: Kysely<Database>, from: number, to: number, stamp: string) {
  await trx
    .insertInto('notification_templates')
    .columns(['company_id', 'type', 'method', 'name', 'subject', 'body', 'default_id', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('notification_templates')
        .select([
          sql.lit(to).as('company_id'),
          'type',
          'method',
          'name',
          'subject',
          'body',
          'default_id',
          stampOf(stamp).as('created_at'),
          stampOf(stamp).as('updated_at'),
        ])
        .where('company_id', '=', from),
    )
    .execute();
}

export async function findRules(trx: Kysely<Database>, companyId: number) {
  return trx
    .selectFrom('assignment_rules')
    .select(['name', 'match', 'conditions', 'course_ids', 'due_days', 'recertify_months'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export type RuleCopy = Awaited<ReturnType<typeof findRules>>[number];

export async function insertRules(trx: Kysely<Database>, to: number, rules: RuleCopy[], stamp: string) {
  for (const part of chunks(rules)) {
    await trx
      .insertInto('assignment_rules')
      .values(part.map((rule) => ({ ...rule, company_id: to, active: 0, created_at: stamp, updated_at: stamp })))
      .execute();
  }
}

export async function countCopied(trx: Kysely<Database>, to: number): Promise<CopyCounts> {
  const count = (table: 'departments' | 'custom_fields' | 'notification_templates' | 'assignment_rules') =>
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', to)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return {
    departments: await count('departments'),
    custom_fields: await count('custom_fields'),
    templates: await count('notification_templates'),
    rules: await count('assignment_rules'),
  };
}
