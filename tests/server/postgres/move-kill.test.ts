import pg from 'pg';
import t from 'tap';
import { move, moveBody, movePair, tokenOf, tripOf, tripsDigest, watchedDemoDatabase } from '../crashes.js';
import { spawnServer } from '../servers.js';

/**
 * `kill -9` of the server in the middle of a move of a delivery between two trips (the board's
 * `POST /api/vehicle_allocation/move`) on PostgreSQL. The moment is made certain: a watcher connection
 * holds a lock on the second trip's stops, which the move rewrites last, so the move's transaction
 * has already put the delivery on the second trip and rewritten the first trip's stops and version
 * when it waits (PostgreSQL shows it holding a transaction id and waiting on a lock). The server is
 * killed there; after a restart both trips, their stops and deliveries are exactly as before. The
 * same move then succeeds, so the move killed was one that writes. (The embedded database:
 * tests/server/move-kill.test.ts.)
 */
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/server/postgres/ run on PostgreSQL only: set TEST_DATABASE_URL');

/** Backends other than the watcher's in a transaction that has written; `waiting`: those waiting on a lock. */
const writers = (waiting: boolean) => `select count(*)::int as n from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null${waiting ? " and wait_event_type = 'Lock'" : ''}`;

/** Polls `query`'s count until `holds`; the statistics are read afresh each time (a transaction keeps its first reading). */
async function until(watcher: pg.Client, query: string, holds: (n: number) => boolean) {
  for (;;) {
    await watcher.query('select pg_stat_clear_snapshot()');
    if (holds((await watcher.query<{ n: number }>(query)).rows[0]!.n)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

t.test('the server killed in the middle of a move: after a restart both trips are as before', async (t) => {
  const { url, watcher } = await watchedDemoDatabase(t);
  const pair = await movePair(watcher);
  const before = await tripsDigest(watcher, pair);
  const body = await moveBody(watcher, pair);
  const server = await spawnServer(t, url);
  const token = await tokenOf(server, 'super');

  await watcher.query('begin');
  await watcher.query(`select from allocation_stops where vehicle_allocation_id = ${pair.to} for update`);
  let answer: unknown;
  const moving = move(server, token, body).then((answered) => (answer = answered));
  await until(watcher, writers(true), (n) => {
    if (answer) throw new Error(`the move answered before it waited: ${JSON.stringify(answer)}`);
    return n === 1;
  });
  server.child.kill('SIGKILL');
  t.same(await server.exited, { code: null, signal: 'SIGKILL' }, 'killed while its move had written and waited');
  t.type(await moving, Error, 'the move got no answer');
  await watcher.query('rollback');
  await until(watcher, writers(false), (n) => n === 0);

  const restarted = await spawnServer(t, url);
  const again = await tokenOf(restarted, 'super');
  t.same(await tripsDigest(watcher, pair), before, 'both trips, their stops and deliveries, and the audit log as before');
  t.equal(await tripOf(watcher, pair.delivery), pair.from, 'the delivery on its first trip');

  const moved = await move(restarted, again, body);
  t.match(moved, { status: 200 }, 'the same move, not killed, succeeds');
  t.equal(await tripOf(watcher, pair.delivery), pair.to, 'and puts the delivery on the second trip');
});
