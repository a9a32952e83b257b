import { configDefaults, defineConfig } from 'vitest/config';

/** Files about PostgreSQL alone (its row locks, say) run in the PostgreSQL suite only. */
const POSTGRES_ONLY = 'test/**/*.postgres.test.ts';
/**
 * Files that bound this process's memory (a 500 MB upload, hostile spreadsheets): each runs in a
 * fresh process, so its RSS figures are its own and not what earlier files left in the heap.
 */
const MEMORY_BOUND = ['test/scorm-large.test.ts', 'test/users-import-hostile.test.ts'];
const exclude = [...configDefaults.exclude, ...(process.env.TEST_DIALECT === 'postgres' ? [] : [POSTGRES_ONLY])];

export default defineConfig({
  test: {
    // Once per run: the migrated database every test's fresh one copies (test/support/templates.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...exclude, ...MEMORY_BOUND],
          // Each worker imports the API once for all its files instead of once per file (decision 079):
          // about 40% less CPU. Every test still builds its own app on its own fresh database (test-app.ts).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-memory', include: MEMORY_BOUND, exclude, isolate: true } },
    ],
  },
});
