// A page thread's start (generator/prerender/page-thread.ts): its module, from the commands' bundle when
// the build runs from it (else its TypeScript, through tsx), rendering the pages it is given.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.tsx) (await import('tsx/esm/api')).register();
const { servePages } = await import(workerData.module);
await servePages(parentPort, workerData.pages);
