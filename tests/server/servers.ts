import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { JWT_SECRET } from './helpers.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm start`'s server (tests/server/serve.ts, bundled by scripts/run.mjs) on `databaseUrl`,
 * resolved once its `processes` listen (each prints its address); killed when the test ends.
 */
export async function spawnServer(t: Teardown, databaseUrl: string, env: NodeJS.ProcessEnv = {}, processes = 1): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/run.mjs', 'tests/server/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      WORKERS: String(processes),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }) as { code: number | null; signal: NodeJS.Signals | null });
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const listening = () => (output.match(/http:\/\/localhost:/g) ?? []).length >= processes;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (listening()) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the server ended before it listened:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, exited };
}

/** What the tests read of an answer's JSON. */
export interface Answer {
  message?: string;
  access_token?: string;
  id?: number;
  department?: { code: string } | null;
}

/** An API client of one server process: a request as a status and its JSON. */
export function client(server: ServerProcess) {
  return async (method: string, url: string, options: { token?: string; body?: unknown; language?: string } = {}) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'accept-language': options.language ?? 'ja',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Answer) : {} };
  };
}
