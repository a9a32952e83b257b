import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  POSTGRES_TEMPLATE_ENV,
  SQLITE_TEMPLATE_ENV,
  dropRunDatabases,
  makePostgresTemplate,
  makeSqliteTemplate,
  sqliteTemplateFile,
} from './templates.ts';

let dir: string | undefined;
let postgresTemplate: { url: string; name: string } | undefined;

/**
 * Once per run, before any test file: the migrated template that every test's fresh database copies
 * (templates.ts). The test processes start after this and inherit the environment that names it.
 */
export async function setup() {
  if (process.env.TEST_DIALECT === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    postgresTemplate = { url, name: await makePostgresTemplate(url) };
    process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate.name;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'heed-templates-'));
    await makeSqliteTemplate(sqliteTemplateFile(dir));
    process.env[SQLITE_TEMPLATE_ENV] = sqliteTemplateFile(dir);
  }
}

export async function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (postgresTemplate) await dropRunDatabases(postgresTemplate.url, postgresTemplate.name);
}
