#!/usr/bin/env node
// `npm run bench -- <name> [options]` runs bench/<name>.mjs (with tsx, so benches can import the API's TypeScript).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -4));
const [name, ...args] = process.argv.slice(2);

if (!name || !benches.includes(name)) {
  if (name) console.error(`Unknown benchmark "${name}".`);
  console.error(`Usage: npm run bench -- <${benches.join('|')}> [options]   (see bench/README.md)`);
  process.exit(name ? 1 : 0);
}
const script = join(root, 'bench', `${name}.mjs`);
if (!existsSync(script)) process.exit(1);
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
