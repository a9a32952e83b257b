import { spawnSync } from 'node:child_process';

/**
 * Migrates the database at `url` and moves the report rollups' window to today, as the worker's daily
 * job does (decision 088): the rollups and the assignments' list codes (decision 096) then hold today.
 * Exits the bench when it fails.
 */
export function moveRollupWindow(url) {
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/rollup-window-cli.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}
