import type { TestProject } from 'vitest/node';
import { type RunningHeed, startHeed } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let heed: RunningHeed | undefined;

/** One real Heed server for the whole run; the web app must already be built (`npm run build`). */
export async function setup(project: TestProject) {
  heed = await startHeed();
  project.provide('baseUrl', heed.url);
}

export async function teardown() {
  await heed?.stop();
}
