// Where a load run's CPU went, per request: the server process under load, the local PostgreSQL's
// processes (read from Linux's /proc; left out when the database runs elsewhere or on PGlite, inside
// the server) and this process, where autocannon generates the load. Their sum against the
// machine's cores bounds any server on this machine: at most cores / (CPU per request) requests a
// second, so with N connections always waiting, a mean latency of at least N × (CPU per request) /
// cores (Little's law). A p99 aim below that bound is out of reach of the code being measured.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Milliseconds of CPU per request. */
export interface CpuPerRequest {
  server: number;
  database?: number;
  loadGenerator: number;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's user + system CPU in milliseconds (fields 14 and 15 of /proc/<pid>/stat), or 0 once it has gone. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every local `postgres` process's CPU by pid; empty where /proc is missing or PostgreSQL runs elsewhere. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return cpu;
  }
  for (const name of entries) {
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') cpu.set(Number(name), processCpu(Number(name)));
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/** Starts counting; the returned function ends the count and divides it by the requests served. */
function countCpu(serverPid: number, withDatabase: boolean): (requests: number) => CpuPerRequest {
  const server = processCpu(serverPid);
  const database = withDatabase ? postgresCpu() : new Map<number, number>();
  const own = process.cpuUsage();
  return (requests) => {
    const perRequest = (ms: number) => ms / Math.max(1, requests);
    let databaseMs = 0;
    for (const [pid, ms] of postgresCpu()) databaseMs += ms - (database.get(pid) ?? 0);
    const loadGenerator = process.cpuUsage(own);
    return {
      server: perRequest(processCpu(serverPid) - server),
      database: withDatabase && database.size > 0 ? perRequest(databaseMs) : undefined,
      loadGenerator: perRequest((loadGenerator.user + loadGenerator.system) / 1000),
    };
  };
}

/** The process serving a load, and whether it uses the local PostgreSQL (whose processes are then counted too). */
export interface ServerProcess {
  pid: number;
  postgres: boolean;
}

/** Runs a load against `server` (when named), adding the CPU it cost per request to its result. */
export async function countingCpu<R extends { requests: { total: number } }>(server: ServerProcess | undefined, run: () => Promise<R>): Promise<R & { cpu?: CpuPerRequest }> {
  const stop = server && countCpu(server.pid, server.postgres);
  const result = await run();
  return Object.assign(result, { cpu: stop?.(result.requests.total) });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The CPU per request and the bound it sets, as one line of a benchmark's report. */
export function cpuLine(cpu: CpuPerRequest, connections: number, cores = availableParallelism()): string {
  const total = cpu.server + (cpu.database ?? 0) + cpu.loadGenerator;
  const parts = [`server ${ms(cpu.server)}`, ...(cpu.database === undefined ? [] : [`PostgreSQL ${ms(cpu.database)}`]), `load generator ${ms(cpu.loadGenerator)}`];
  const mostPerSecond = Math.round((cores * 1000) / total);
  const leastMean = Math.round((connections * total) / cores);
  return `CPU per request: ${parts.join(', ')} = ${ms(total)} on ${cores} cores → at most ${mostPerSecond.toLocaleString()} req/s, a mean of at least ${leastMean} ms at ${connections} connections`;
}
