import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  POSTGRES_TEMPLATE_ENV,
  SQLITE_TEMPLATE_ENV,
  makePostgresTemplate,
  makeSqliteTemplate,
  templateFiles,
  vacuumCatalogs,
} from './templates.ts';

let dir: string | undefined;

/**
 * Once per run, before any test file: the migrated template that every test's fresh database copies
 * (templates.ts). The test processes start after this and inherit the environment that names it.
 */
export async function setup() {
  dir = mkdtempSync(join(tmpdir(), 'heed-templates-'));
  const files = templateFiles(dir);
  if (process.env.TEST_DIALECT === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    await vacuumCatalogs(url);
    try {
      await makePostgresTemplate(url, files.postgres);
      process.env[POSTGRES_TEMPLATE_ENV] = files.postgres;
    } catch (error) {
      // Slower, not wrong: every test migrates its own schema.
      console.warn(`No PostgreSQL template (each test migrates its schema): ${(error as Error).message}`);
    }
  } else {
    await makeSqliteTemplate(files.sqlite);
    process.env[SQLITE_TEMPLATE_ENV] = files.sqlite;
  }
}

export function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
