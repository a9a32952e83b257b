import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end journeys in Chromium against the real server. Run `npm run build` first. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // A page under a loaded CI machine may take seconds to settle; vitest's default of one second is a flake.
    expect: { poll: { timeout: 10_000 } },
    // One server, one browser per file; files in parallel would only contend for two cores.
    fileParallelism: false,
  },
});
