// The optimizer as the server calls it: one worker thread per optimisation, so that requests are never
// blocked. It ends at the time budget with the best plan found so far, posts its progress (the best
// cost so far) meanwhile, and is ended at once when the caller's AbortSignal fires.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { problemErrors } from './instance.js';
import type { Plan, Problem, Progress } from './model.js';

export interface SolveOptions {
  /** The time budget (5 s when neither this nor `iterations` is given). */
  seconds?: number;
  /** A budget in steps instead: the same seed and steps give the same plan on any machine. */
  iterations?: number;
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

export interface WorkerRequest {
  problem: Problem;
  seed: number;
  /**
   * The time budget in milliseconds, timed by the worker on its own clock from its start: a deadline
   * read on this thread's clock would be compared with another thread's (and a clock the process set,
   * as the browser tests set the server's day, is this thread's only).
   */
  budgetMs?: number;
  iterations?: number;
}

export type WorkerMessage = { kind: 'progress'; progress: Progress } | { kind: 'plan'; plan: Plan };

const DEFAULT_SECONDS = 5;
/** Kept from the budget for the plan's way back from the worker. */
const HANDOVER_MS = 20;

/** Set by the build (scripts/build.mjs) to the worker's own bundle; absent when the server runs from source. */
declare const OPTIMIZER_WORKER_BUNDLE: string | undefined;

/**
 * A built server starts the worker's bundle (build/optimizer-worker.mjs), compiling nothing. From source
 * (development, tests) the worker runs the TypeScript source (worker.ts), read through tsx's loader,
 * which it registers first. tsx's ES module entry is found through `require.resolve` (its CommonJS twin
 * beside it): `import.meta.resolve` is not there when the server runs under Vite's transform (the
 * browser tests' harness).
 */
function workerScript(): string {
  if (typeof OPTIMIZER_WORKER_BUNDLE === 'string') return `import(${JSON.stringify(pathToFileURL(OPTIMIZER_WORKER_BUNDLE).href)});`;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

export function solve(problem: Problem, options: SolveOptions = {}): Promise<Plan> {
  const { signal, onProgress, iterations, seed = 1 } = options;
  const seconds = options.seconds ?? (iterations === undefined ? DEFAULT_SECONDS : undefined);
  const request: WorkerRequest = {
    problem,
    seed,
    iterations,
    budgetMs: seconds === undefined ? undefined : seconds * 1000 - HANDOVER_MS,
  };
  return new Promise((resolve, reject) => {
    const errors = problemErrors(problem);
    if (signal?.aborted || errors.length) {
      reject(errors.length ? new RangeError(errors.join('; ')) : signal!.reason);
      return;
    }
    const worker = new Worker(workerScript(), { eval: true, workerData: request });
    const abort = () => {
      void worker.terminate();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') onProgress?.(message.progress);
      else {
        settle();
        resolve(message.plan);
      }
    });
    worker.on('error', (error) => {
      settle();
      reject(error);
    });
    worker.on('exit', (code) => {
      settle();
      if (code !== 0) reject(new Error(`the optimizer's worker stopped (exit code ${code})`));
    });
  });
}
