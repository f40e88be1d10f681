import { execFileSync } from 'node:child_process';
import t from 'tap';
import { APP_VERSION } from '../../common/enums.js';
import { onPostgres } from './allocation-fixtures.js';
import { demoApp, signedIn } from './helpers.js';

/** システム情報 (super admins only) and 動作確認's server side (every signed-in user). */

const { app, db } = await demoApp(t);
const [superAdmin, hq, carrier] = await Promise.all(['super', 'hq', 'carrier'].map((login) => signedIn(app, login)));

t.test('システム情報: the version, the database and its migrations, the PDF printer, the record counts', async (t) => {
  const response = await superAdmin({ method: 'GET', url: '/api/system/status' });
  t.equal(response.statusCode, 200);
  const status = response.json();
  t.equal(status.version, APP_VERSION);
  t.equal(status.node, process.version);
  t.equal(status.database.kind, onPostgres ? 'postgresql' : 'pglite', 'PGlite or a PostgreSQL server, as the tests run');
  const migrations = await db.selectFrom('kysely_migration' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  t.equal(status.database.migrations, Number(migrations.n));
  t.match(status.database.latest_migration, /^\d{4}-\d{2}-\d{2}-/);
  t.equal(status.chromium_path, '/usr/bin/chromium-headless-shell', 'Debian’s Chromium headless shell (scripts/setup-system.sh), found without configuration');
  t.equal(status.geocoder, 'gsi', 'no Google key: the GSI address search');
  const drivers = await db.selectFrom('drivers').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  t.equal(status.records.drivers, Number(drivers.n));
  t.ok(status.records.deliveries > 0, 'the demo’s deliveries');
  t.notOk('JWT_SECRET' in status || JSON.stringify(status).includes('secret'), 'no secret in the answer');
});

t.test('システム情報 is for super admins only; 動作確認’s checks for everyone signed in', async (t) => {
  t.equal((await hq({ method: 'GET', url: '/api/system/status' })).statusCode, 403, 'headquarters (level 1) is not a super admin');
  t.equal((await carrier({ method: 'GET', url: '/api/system/status' })).statusCode, 403);
  t.equal((await app.inject({ method: 'GET', url: '/api/system/ping' })).statusCode, 401);
  const ping = await carrier({ method: 'GET', url: '/api/system/ping' });
  t.equal(ping.statusCode, 200);
  t.equal(ping.json().version, APP_VERSION);
  t.ok(Math.abs(Date.parse(ping.json().now) - Date.now()) < 60_000, 'the server’s clock');
});

/** The Chromium processes this process started (the server runs in it). */
function childChromium(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chromium'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

t.test('動作確認’s PDF: one page printed by the server’s Chromium; without one, 503 with a message', async (t) => {
  const pdf = await carrier({ method: 'GET', url: '/api/system/pdf_check' });
  t.equal(pdf.statusCode, 200);
  t.equal(pdf.headers['content-type'], 'application/pdf');
  t.equal(pdf.rawPayload.subarray(0, 4).toString('latin1'), '%PDF');
  t.equal((await carrier({ method: 'GET', url: '/api/system/pdf_check' })).statusCode, 200, 'again, on the page kept from the first');

  // Chromium dies (killed here); the next PDF starts another, not printing on a page of the dead one.
  const chromium = () => childChromium().filter((pid) => processAlive(pid));
  const killed = chromium();
  t.ok(killed.length > 0, 'this process started Chromium');
  for (const pid of killed) process.kill(pid, 'SIGKILL');
  while (killed.some((pid) => processAlive(pid))) await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal((await carrier({ method: 'GET', url: '/api/system/pdf_check' })).statusCode, 200, 'printed by a new Chromium');

  const { app: bare } = await demoApp(t, { CHROMIUM_PATH: '/nonexistent/chromium' });
  const api = await signedIn(bare, 'carrier');
  const missing = await api({ method: 'GET', url: '/api/system/pdf_check' });
  t.equal(missing.statusCode, 503);
  t.match(missing.json().message, 'Chromium');
  const status = await (await signedIn(bare, 'super'))({ method: 'GET', url: '/api/system/status' });
  t.equal(status.json().chromium_path, null, 'システム情報 says so');
});
