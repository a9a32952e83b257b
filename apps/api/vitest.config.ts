import { configDefaults, defineConfig } from 'vitest/config';

/** Files about PostgreSQL alone (its row locks, say) run in the PostgreSQL suite only. */
const POSTGRES_ONLY = 'test/**/*.postgres.test.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DIALECT === 'postgres' ? [] : [POSTGRES_ONLY])],
    // Once per run: the migrated database every test's fresh one copies (test/support/templates.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    // Each worker imports the API once for all its files instead of once per file (decision 079): about
    // 40% less CPU. Every test still builds its own app on its own fresh database (test/support/test-app.ts).
    isolate: false,
  },
});
