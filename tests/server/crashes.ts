import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { destinationCsvLines } from '../../db/seed/generate-destinations.js';
import { DEMO_PASSWORD } from '../../db/seed/demo.js';
import { demoSnapshot, freshDemoDatabase } from './helpers.js';
import { client, type ServerProcess } from './servers.js';

/**
 * What the tests of a server killed with SIGKILL share, on PostgreSQL (tests/server/postgres/) and on
 * the embedded database: the fingerprints compared before and after, and the requests killed.
 */

/** A connection that runs SQL text: a `pg` client on PostgreSQL, a PGlite opened on the data folder. */
export interface Sql {
  query<R>(text: string): Promise<{ rows: R[] }>;
}

/** Kills `child` with SIGKILL once `due()` holds (checked every 5 ms); resolves with how it ended. */
export async function killWhen(child: ChildProcess, due: () => boolean) {
  const watch = setInterval(() => {
    if (due()) child.kill('SIGKILL');
  }, 5);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearInterval(watch);
  return { code, signal };
}

/** A fresh demo database on PostgreSQL and a connection of the test's own to it (the watcher); both gone when the test ends. */
export async function watchedDemoDatabase(t: { teardown(fn: () => unknown): void }) {
  const { db, url, drop } = await freshDemoDatabase();
  await db.destroy();
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  t.teardown(async () => {
    await watcher.end();
    await drop();
  });
  return { url: url!, watcher };
}

/** What `read` finds in an embedded database's folder, opened as the next start would (recovering from a crash). */
export async function readFolder<T>(pgliteDir: string, read: (db: Sql) => Promise<T>): Promise<T> {
  const db = new PGlite(pgliteDir);
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** A new folder holding the demo database (the tests' snapshot), and what `read` finds in it. */
export async function openFolder<T>(pgliteDir: string, read: (db: Sql) => Promise<T>): Promise<T> {
  const db = new PGlite(pgliteDir, { loadDataDir: await demoSnapshot() });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** The destinations as a fingerprint: how many, and a digest of every row's key and names. */
export async function destinationsDigest(db: Sql) {
  const { rows } = await db.query<{ rows: number; digest: string }>(`select count(*)::int as rows,
      md5(string_agg(delivery_code || ':' || customer_store_name || ':' || version, ',' order by id)) as digest
    from delivery_destinations`);
  return rows[0]!;
}

/** Two trips of one day and center a delivery can move between, with the delivery. */
export interface MovePair {
  from: number;
  to: number;
  delivery: number;
}

/**
 * From the demo data: a planned 店直 trip's smallest delivery still 配車済, and the least loaded other
 * planned trip of the same day and center that has stops (the move rewrites them after the first
 * trip's), so that the delivery fits on it. Both untouched by the driver app.
 */
export async function movePair(db: Sql): Promise<MovePair> {
  const { rows } = await db.query<MovePair>(`select a.id as "from", b.id as "to",
      (select d.id from deliveries d where d.vehicle_allocation_id = a.id and d.status = 1 and d.handled_at is null and d.deleted_at is null
        order by d.quantity, d.id limit 1) as delivery
    from vehicle_allocations a join vehicle_allocations b on b.date = a.date and b.department_id = a.department_id and b.id <> a.id
    where a.kind = 'store_direct' and b.kind = 'store_direct' and a.status = 0 and b.status = 0
      and a.handled_at is null and b.handled_at is null and a.deleted_at is null and b.deleted_at is null
      and exists (select from deliveries d where d.vehicle_allocation_id = a.id and d.status = 1 and d.handled_at is null and d.deleted_at is null)
      and exists (select from allocation_stops s where s.vehicle_allocation_id = b.id)
    order by b.quantity, a.date desc, a.id, b.id limit 1`);
  return rows[0]!;
}

/**
 * Both trips as a fingerprint: the trips (version, totals, warnings…), their stops, the deliveries on
 * either with their trip, stop and version, and how many entries the audit log has. The times of the
 * write (`updated_at`) are left out, so that the same move made twice gives the same digest.
 */
export async function tripsDigest(db: Sql, { from, to }: MovePair) {
  const trips = `${from}, ${to}`;
  const { rows } = await db.query<{ lines: number; digest: string }>(`select count(*)::int as lines, md5(string_agg(line, E'\\n' order by line)) as digest from (
      select 'trip ' || (to_jsonb(va) - 'updated_at' - 'created_at')::text as line from vehicle_allocations va where id in (${trips})
      union all select 'stop ' || (to_jsonb(s) - 'id' - 'created_at' - 'updated_at')::text from allocation_stops s where vehicle_allocation_id in (${trips})
      union all select 'delivery ' || (to_jsonb(d) - 'updated_at')::text from deliveries d where vehicle_allocation_id in (${trips})
      union all select 'audit ' || count(*) from audit_log
    ) lines`);
  return rows[0]!;
}

/** The trip a delivery is on now. */
export async function tripOf(db: Sql, delivery: number) {
  const { rows } = await db.query<{ trip: number | null }>(`select vehicle_allocation_id as trip from deliveries where id = ${delivery}`);
  return rows[0]!.trip;
}

/** A demo user's token on a server process: `hq` (the head office's admin) imports, `super` moves deliveries on any center's board. */
export async function tokenOf(server: ServerProcess, loginId: 'hq' | 'super') {
  const { body } = await client(server)('POST', '/api/auth/login', { body: { login_id: loginId, password: DEMO_PASSWORD } });
  return body.access_token!;
}

/** `rows` generated destinations uploaded to the import route; resolves with the answer, or the error of a request that got none. */
export function uploadDestinations(server: ServerProcess, token: string, rows: number) {
  const form = new FormData();
  form.append('file', new Blob([`${[...destinationCsvLines(rows)].join('\n')}\n`], { type: 'text/csv' }), 'destinations.csv');
  return fetch(`${server.url}/api/delivery_destination/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).catch(
    (error: unknown) => error,
  );
}

/** The board's move of the pair's delivery at the trips' versions now (read before a server on the embedded database opens the folder). */
export async function moveBody(db: Sql, pair: MovePair) {
  const { rows } = await db.query<{ id: number; version: number }>(`select id, version from vehicle_allocations where id in (${pair.from}, ${pair.to})`);
  const at = (id: number) => ({ id, version: rows.find((row) => row.id === id)!.version });
  return { from: at(pair.from), to: at(pair.to), delivery_ids: [pair.delivery] };
}

/** POST /api/vehicle_allocation/move; resolves with the answer, or the error of a request that got none. */
export function move(server: ServerProcess, token: string, body: Awaited<ReturnType<typeof moveBody>>) {
  return client(server)('POST', '/api/vehicle_allocation/move', { token, body }).catch((error: unknown) => error);
}
