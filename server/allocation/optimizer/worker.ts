// The optimizer's worker thread: runs one optimisation (engine.ts) and posts its progress and its plan.
import { parentPort, workerData } from 'node:worker_threads';
import { optimize } from './engine.js';
import type { WorkerMessage, WorkerRequest } from './solve.js';

const { problem, seed, budgetMs, iterations } = workerData as WorkerRequest;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const began = Date.now();
const { iterations: _done, ...plan } = optimize(problem, {
  seed,
  deadline: budgetMs === undefined ? undefined : began + budgetMs,
  iterations,
  onProgress: (cost, done) => post({ kind: 'progress', progress: { cost, iterations: done, seconds: (Date.now() - began) / 1000 } }),
});
post({ kind: 'plan', plan });
