import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { freshDemoDatabase, JWT_SECRET } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOGIN = JSON.stringify({ login_id: 'nobody', password: 'not-a-password' });

async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `npm start`'s server (scripts/start.ts, from its bundle) in a process of its own: on PostgreSQL a
 * fresh demo database, else an embedded database in a folder of its own. Resolves once it listens.
 */
async function server(t: Test) {
  const fresh = await freshDemoDatabase();
  await fresh.db.destroy();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-shutdown-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/run.mjs', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: fresh.url ?? '', DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', DEMO_DATA: 'off', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  t.teardown(async () => {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await fresh.drop();
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += String(chunk)));
  while (!out.includes(`:${port}/`)) {
    const stopped = await Promise.race([once(child.stdout!, 'data').then(() => false), exited.then(() => true)]);
    if (stopped) throw new Error(`the server exited: ${out}`);
  }
  return { port, exited, stop: () => child.kill('SIGTERM') };
}

/**
 * A login whose headers have reached the server (it answered `100 Continue`) and whose body has not:
 * a request under way. `finish` sends the body and resolves with the raw response.
 */
async function requestUnderWay(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(LOGIN)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  while (!received.includes('100 Continue')) await once(socket, 'data');
  const closed = once(socket, 'close');
  return {
    socket,
    finish: async () => {
      socket.write(LOGIN);
      await closed; // the server closes a connection once it answered, while it shuts down
      return received.slice(received.indexOf('\r\n\r\n') + 4);
    },
    closed,
  };
}

/** Resolves once the server refuses new connections (it stopped listening); each try is one connection. */
async function refusesConnections(port: number) {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const probe: Socket = connect(port, '127.0.0.1');
    // `once` rejects with the socket's error: refused.
    const refused = await once(probe, 'connect').then(
      () => false,
      () => true,
    );
    probe.destroy();
    if (refused) return true;
  }
  return false;
}

t.test('SIGTERM: no new connections, the request under way is answered, then exit 0', async (t) => {
  const { port, exited, stop } = await server(t);
  const request = await requestUnderWay(port);
  stop();
  t.ok(await refusesConnections(port), 'stops accepting connections');
  const response = await request.finish();
  t.match(response, /"code":401/, 'the request under way still gets its answer (a refused login)');
  t.equal(await exited, 0, 'exits with 0');
});

t.test('SIGTERM: a request that never finishes holds the shutdown 10 seconds at most', async (t) => {
  const { port, exited, stop } = await server(t);
  const request = await requestUnderWay(port);
  const began = Date.now();
  stop();
  await request.closed;
  t.equal(await exited, 0, 'exits with 0 after closing the connection');
  const seconds = (Date.now() - began) / 1000;
  t.ok(seconds >= 9.5 && seconds < 20, `the connection was given its 10 seconds, and no more (${seconds.toFixed(1)} s)`);
});
