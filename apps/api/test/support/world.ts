import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { TestClient, signedIn } from './client.ts';
import { createCompany, createDepartment, createUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A string planted in every record of company B; no response to a user of company A may contain it. */
export const CANARY = 'CANARY-9f1c';

export const ACTORS = ['anonymous', 'student', 'reviewer', 'dm', 'cm', 'siteAdmin'] as const;
export type Actor = (typeof ACTORS)[number];

export interface World {
  companyA: number;
  companyB: number;
  departmentA: number;
  departmentA1: number;
  departmentB: number;
  users: Record<string, number>;
  assetPathA: string;
  assetPathB: string;
  /** A second asset of B, for the site admin to delete. */
  disposableAssetPathB: string;
}

/**
 * Two client companies and the vendor: company A with one user per role (the Department Manager manages
 * department A and its child A1), company B whose every record carries the canary, and a site admin.
 */
export async function createWorld(db: Kysely<Database>, dataDir: string): Promise<World> {
  const vendor = await createCompany(db, { name: 'Heed' });
  const a = await createCompany(db, { name: 'Alpha Corp' });
  const b = await createCompany(db, { name: `Beta ${CANARY}`, logout_url: `https://b.test/${CANARY}` });
  const departmentA = await createDepartment(db, a.id, 'Operations');
  const departmentA1 = await createDepartment(db, a.id, 'Plant 1', departmentA.id);
  const departmentB = await createDepartment(db, b.id, `Dept ${CANARY}`);
  const users: Record<string, number> = {};
  const add = async (
    username: string,
    companyId: number,
    role: number,
    extra: Partial<Parameters<typeof createUser>[1]> = {},
  ) => {
    users[username] = (await createUser(db, { companyId, role, username, ...extra })).id;
  };
  await add('admin', vendor.id, 1, { siteAdmin: true });
  await add('a.cm', a.id, 1);
  await add('a.dm', a.id, 2, { departmentId: departmentA.id });
  await add('a.reviewer', a.id, 3);
  await add('a.student', a.id, 0, { departmentId: departmentA1.id });
  await add('b.cm', b.id, 1, { firstName: CANARY, lastName: CANARY, email: `cm@${CANARY.toLowerCase()}.test` });
  await add('b.student', b.id, 0, { firstName: CANARY, lastName: `Learner ${CANARY}`, departmentId: departmentB.id });
  await db
    .insertInto('custom_fields')
    .values({
      company_id: b.id,
      key: 'canary',
      label: CANARY,
      type: 'text',
      options: null,
      created_at: 'x',
      updated_at: 'x',
    })
    .execute();
  await db
    .insertInto('preferences')
    .values({
      user_id: users['b.cm']!,
      name: 'users-list',
      data_type: 'json',
      value: JSON.stringify(CANARY),
      updated_at: 'x',
    })
    .execute();
  const assetPathA = await storeAsset(db, dataDir, a.id, 'alpha');
  const assetPathB = await storeAsset(db, dataDir, b.id, CANARY);
  const disposableAssetPathB = await storeAsset(db, dataDir, b.id, `${CANARY}-2`);
  return {
    companyA: a.id,
    companyB: b.id,
    departmentA: departmentA.id,
    departmentA1: departmentA1.id,
    departmentB: departmentB.id,
    users,
    assetPathA,
    assetPathB,
    disposableAssetPathB,
  };
}

/** A logo file on disk where the companies module keeps assets, and its row. */
async function storeAsset(db: Kysely<Database>, dataDir: string, companyId: number, name: string) {
  const path = `${companyId}/logo/${randomBytes(4).toString('hex')}-${name}.png`;
  const file = join(dataDir, 'assets', ...path.split('/'));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, PNG);
  await db
    .insertInto('assets')
    .values({
      company_id: companyId,
      type: 'logo',
      path,
      original_name: `${name}.png`,
      mime: 'image/png',
      size: PNG.length,
      created_by: null,
      created_at: 'x',
    })
    .execute();
  return path;
}

const ACTOR_LOGIN: Record<Exclude<Actor, 'anonymous'>, string> = {
  student: 'a.student',
  reviewer: 'a.reviewer',
  dm: 'a.dm',
  cm: 'a.cm',
  siteAdmin: 'admin',
};

/** A client for the actor: signed in, or (anonymous) holding only a CSRF cookie like the sign-in page. */
export async function clientFor(t: TestApp, actor: Actor): Promise<TestClient> {
  if (actor === 'anonymous') {
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    return client;
  }
  return signedIn(t.app, ACTOR_LOGIN[actor]);
}

/** A 1×1 PNG as a multipart/form-data body with fields `type` and `file`. */
export function pngUpload(type = 'logo', filename = 'logo.png') {
  const png = PNG;
  const boundary = `----heed${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
