#!/usr/bin/env node
// `npm run dev`: the API with reload on PORT (3000) and Vite's dev server on WEB_PORT (5173), which
// proxies /api to that same PORT. Open the Vite address: the API's own address serves the last
// `npm run build` of the console, not the sources being edited.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const apiUrl = `http://127.0.0.1:${apiPort}`;

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    cwd: 'apps/web',
    env: { ...process.env, HEED_API_URL: apiUrl, WEB_PORT: webPort },
  }),
];
console.log(
  `\nHeed in development: open http://127.0.0.1:${webPort}/admin (live reload; /api goes to ${apiUrl}).\n` +
    `${apiUrl} itself serves the last \`npm run build\` of the console.\n`,
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
