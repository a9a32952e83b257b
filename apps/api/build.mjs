// `npm run build -w @heed/api`: the server and its worker thread as two JavaScript bundles in `dist/`, which
// `npm start` runs with plain `node` (decision 001). Our code and the contract's TypeScript are bundled; every
// npm dependency stays external and loads from node_modules as it would under tsx. Not minified, so a stack
// trace names our functions; `node --enable-source-maps` maps it back to the sources.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url).pathname;
const { dependencies } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => name !== '@heed/contract')
  .flatMap((name) => [name, `${name}/*`]);

/** Bundles `src/server.ts` and `src/worker-thread.ts` (the thread's entry, loaded beside the server) into `outdir`. */
export async function buildApi(outdir = `${root}dist`) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server.ts', 'src/worker-thread.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// `node build.mjs [outdir]`
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) await buildApi(process.argv[2]);
