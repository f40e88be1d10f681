import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { loadConfig, loadDotEnv } from './config.js';

/**
 * `WORKERS=N` (server/config.ts): N server processes on one port through node's cluster module, which
 * hands each new connection to one of them (docs/operations.md, "Several processes"); one process, this
 * one, by default. What a process remembers between requests holds for all of them through the
 * database (sign-in limits, revoked tokens, the actor cache's notifications, realtime's).
 *
 * The first process starts alone and migrates the database (and loads the demo into an empty one); the
 * others start once it listens. A process that ends while serving is replaced; one that ends before it
 * ever listened (a wrong configuration, no database) ends them all. SIGTERM is passed to every process,
 * which finishes its requests and exits; this one then exits, 0 when they all exited so.
 */
export async function startProcesses(start: () => Promise<void>): Promise<void> {
  if (!cluster.isPrimary) return start();
  loadDotEnv();
  const workers = loadConfig().WORKERS;
  if (workers === 1) return start();
  cluster.setupPrimary(asThisProcessStarted());
  await superviseWorkers(workers);
}

/**
 * Each process starts as this one did: its script with its arguments, or a TypeScript entry that
 * scripts/run.mjs ran from its bundle (it names the entry as the script) through run.mjs again.
 */
function asThisProcessStarted() {
  const [script = '', ...args] = process.argv.slice(1);
  const typeScriptLoaded = process.execArgv.some((option) => option.includes('tsx'));
  if (!script.endsWith('.ts') || typeScriptLoaded) return { exec: script, args };
  return { exec: path.join(import.meta.dirname, '..', 'scripts', 'run.mjs'), args: [script, ...args] };
}

async function superviseWorkers(count: number) {
  let stopping = false;
  let exitCode = 0;
  const started = new Set<Worker>();
  const live = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead()) as Worker[];

  const stop = () => {
    stopping = true;
    for (const worker of live()) worker.process.kill('SIGTERM');
    exitWhenAllEnded();
  };
  const exitWhenAllEnded = () => {
    if (live().length === 0) process.exit(exitCode);
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => started.add(worker));
    worker.once('exit', (code, signal) => {
      const how = signal ?? `exit code ${code}`;
      if (stopping) {
        // Ended by the signal itself: still starting, before its own handler was in place.
        if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
        return exitWhenAllEnded();
      }
      if (!started.has(worker)) {
        console.error(`Stopping: a server process ended before it listened (${how}).`);
        exitCode = 1;
        return stop();
      }
      console.error(`Server process ${worker.process.pid} ended (${how}); starting another.`);
      fork();
    });
    return worker;
  };

  // Each process finishes what it serves and exits. A terminal's Ctrl-C reaches every process itself.
  process.once('SIGTERM', stop);
  process.once('SIGINT', () => {
    stopping = true;
  });

  const first = fork();
  await new Promise<void>((resolve) => first.once('listening', () => resolve()));
  for (let i = 1; i < count; i++) fork();
}
