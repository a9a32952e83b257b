import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AssetsTable, Database } from '../../db/types.ts';

export type AssetRow = Selectable<AssetsTable>;

export async function insertAsset(db: Kysely<Database>, values: Insertable<AssetsTable>): Promise<AssetRow> {
  return db.insertInto('assets').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The company's assets, newest first. */
export async function listAssets(db: Kysely<Database>, companyId: number, type?: string): Promise<AssetRow[]> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('company_id', '=', companyId)
    .$if(type !== undefined, (qb) => qb.where('type', '=', type ?? ''))
    .orderBy('id', 'desc')
    .execute();
}

/** An asset by path, within one company (or any company when `companyId` is null: site admins). */
export async function findAsset(db: Kysely<Database>, companyId: number | null, path: string) {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('path', '=', path)
    .$if(companyId !== null, (qb) => qb.where('company_id', '=', companyId ?? 0))
    .executeTakeFirst();
}

/** A logo asset by id (the public logo address names it). */
export async function findLogoAsset(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('assets')
    .select(['id', 'company_id', 'path', 'mime', 'size'])
    .where('id', '=', id)
    .where('type', '=', 'logo')
    .executeTakeFirst();
}

export async function deleteAssetRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', id).execute();
}
