// The picture thread's start (preview/pictures/picture-thread.ts): the pictures' module, from the
// commands' bundle when the command runs from it (else its TypeScript, through tsx), serving the
// thread's port.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.tsx) (await import('tsx/esm/api')).register();
const { servePictures } = await import(workerData.module);
servePictures(parentPort);
