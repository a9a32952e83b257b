// The worker thread's entry for the build (build.mjs bundles it into `dist/worker-thread.js`, beside
// `dist/server.js`): the thread itself lives in jobs/worker-thread.ts.
export { runWorkerThread } from './jobs/worker-thread.ts';
