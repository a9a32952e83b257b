import { runWorkerProcess } from './jobs/worker-process.ts';

// `npm run worker`: job worker threads in a process of their own (jobs/worker-process.ts).
runWorkerProcess().catch((error) => {
  console.error(error);
  process.exit(1);
});
