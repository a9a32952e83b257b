#!/usr/bin/env node
// The code's boundaries (docs/architecture.md), checked on every `npm test`:
//   cycle      no import cycles among runtime imports (type-only imports do not count);
//   module     an API module is reached from outside its folder only through its index.ts;
//   sql        only repositories (*.repository.ts) and db/ build SQL;
//   dialect    code outside apps/api/src/db/ never compares a dialect with 'sqlite' or 'postgres': it calls
//              a db/dialect helper or asks one of its capabilities;
//   feature    a console feature does not import another feature (shared pieces live in components/ or lib/);
//   zod        the contract's endpoint tables (endpoint-routes.ts, endpoint-kit.ts) reach no file importing zod.
// Violations that predate the check are listed in scripts/boundaries-baseline.json: a new one fails,
// and so does a listed one that is gone (delete its line), so the list only shrinks.
// Usage: node scripts/check-boundaries.mjs [--update-baseline]
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baselinePath = join(root, 'scripts/boundaries-baseline.json');
const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contract/src'];
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const SQL_BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|with)\(|\bsql`|\bsql\.raw\(/;
/** A comparison with a dialect's name (`dialect === 'sqlite'`, `'postgres' !== ctx.dialect`, `case 'sqlite':`). */
const DIALECT_BRANCH =
  /[!=]==?\s*(['"`])(sqlite|postgres)\1|(['"`])(sqlite|postgres)\3\s*[!=]==?|\bcase\s+(['"`])(sqlite|postgres)\5\s*:/;

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) files.push(path);
  }
  return files;
}

/** The file an import names, or null for a package. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Runtime imports only: `import type …` and `{ type A, type B }` lists vanish at compile time. */
function isTypeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
  return names?.split(',').every((name) => !name.trim() || name.trim().startsWith('type ')) ?? false;
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[4] ?? match[5];
    const target = resolveImport(file, specifier);
    if (target) found.push({ target, typeOnly: match[4] !== undefined && isTypeOnly(match[2], match[3]) });
  }
  return { text, found };
}

const rel = (file) => relative(root, file);
const apiModule = (file) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(rel(file))?.[1];
const webFeature = (file) => /^apps\/web\/src\/features\/([^/]+)\//.exec(rel(file))?.[1];

function boundaryViolations(file, found) {
  const violations = [];
  const fromModule = apiModule(file);
  const fromFeature = webFeature(file);
  for (const { target } of found) {
    const toModule = apiModule(target);
    const isIndex = /^apps\/api\/src\/modules\/[^/]+\/index\.ts$/.test(rel(target));
    if (toModule && toModule !== fromModule && !isIndex) violations.push(`module ${rel(file)} -> ${rel(target)}`);
    const toFeature = webFeature(target);
    if (fromFeature && toFeature && toFeature !== fromFeature)
      violations.push(`feature ${rel(file)} -> ${rel(target)}`);
  }
  return violations;
}

function branchesOnDialect(file, text) {
  const path = rel(file);
  return !path.startsWith('apps/api/src/db/') && DIALECT_BRANCH.test(text);
}

function buildsSql(file, text) {
  const path = rel(file);
  if (!path.startsWith('apps/api/src/') || path.startsWith('apps/api/src/db/')) return false;
  return !path.endsWith('.repository.ts') && SQL_BUILDER.test(text);
}

/**
 * The endpoint tables the console loads first (`endpoint-routes.ts` of the contract and each domain,
 * `endpoint-kit.ts`) stay free of zod, so its schemas load only with the pages that validate: a file
 * they reach at run time that imports zod is a violation.
 */
function zodReached(graph) {
  const roots = [...graph.keys()].filter((file) =>
    /^packages\/contract\/src\/(.*\/)?endpoint-(routes|kit)\.ts$/.test(rel(file)),
  );
  const seen = new Set(roots);
  const queue = [...roots];
  while (queue.length > 0)
    for (const next of graph.get(queue.pop()) ?? []) if (!seen.has(next)) seen.add(next) && queue.push(next);
  return [...seen]
    .filter((file) => /from\s+['"]zod['"]/.test(readFileSync(file, 'utf8')))
    .map((file) => `zod ${rel(file)}`);
}

/** Strongly connected components of more than one file (Tarjan), each a cycle to report. */
function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(`cycle ${component.map(rel).sort().join(' ')}`);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const graph = new Map();
const violations = [];
for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))) {
  const { text, found } = importsOf(file);
  graph.set(
    file,
    found.filter((i) => !i.typeOnly).map((i) => i.target),
  );
  violations.push(...boundaryViolations(file, found));
  if (buildsSql(file, text)) violations.push(`sql ${rel(file)}`);
  if (branchesOnDialect(file, text)) violations.push(`dialect ${rel(file)}`);
}
violations.push(...cycles(graph), ...zodReached(graph));
const current = [...new Set(violations)].sort();

if (process.argv.includes('--update-baseline')) {
  writeFileSync(baselinePath, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`boundaries: ${current.length} known violations written to ${rel(baselinePath)}`);
  process.exit(0);
}
const baseline = new Set(existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : []);
const added = current.filter((v) => !baseline.has(v));
const gone = [...baseline].filter((v) => !current.includes(v));
for (const v of added) console.log(`✘ new boundary violation: ${v}`);
for (const v of gone) console.log(`✘ fixed, so remove it from scripts/boundaries-baseline.json: ${v}`);
console.log(`boundaries: ${current.length} known violations left, ${added.length} new, ${gone.length} fixed`);
process.exit(added.length + gone.length === 0 ? 0 : 1);
