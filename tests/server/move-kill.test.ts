import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import t from 'tap';
import { move, moveBody, movePair, openFolder, readFolder, tokenOf, tripsDigest } from './crashes.js';
import { spawnServer } from './servers.js';

/**
 * `kill -9` of the server in the middle of a move of a delivery between two trips (the board's
 * `POST /api/vehicle_allocation/move`) on the embedded database. The move is one transaction of a
 * few milliseconds and a few rows, too short to be read off the folder while it runs: the server is
 * killed instead KILLS times, each on a copy of the same folder and
 * halfway between the moments already tried that came before and after the move's commit (at first:
 * the request's start and the time the same move took when it ran to its answer). Each time the folder opens
 * again (PGlite recovers from the crash) with both trips, their stops and deliveries exactly as
 * before the move or exactly as that answered move left them, never between. (On PostgreSQL, where
 * the moment is held by a lock: tests/server/postgres/move-kill.test.ts.)
 */

const KILLS = 3;

t.test('the server killed at moments of a move: each time both trips are wholly before or wholly after', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-move-kill-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgliteDir = path.join(dataDir, 'pglite');
  const pristine = path.join(dataDir, 'pristine');
  const { pair, body, before } = await openFolder(pristine, async (db) => {
    const pair = await movePair(db);
    return { pair, body: await moveBody(db, pair), before: await tripsDigest(db, pair) };
  });
  const fresh = () => {
    rmSync(pgliteDir, { recursive: true, force: true });
    cpSync(pristine, pgliteDir, { recursive: true });
  };

  // The move run to its answer: what the folder holds after it, and how long the request took.
  fresh();
  const answered = await spawnServer(t, '', { DATA_DIR: dataDir });
  const token = await tokenOf(answered, 'super');
  const started = performance.now();
  t.match(await move(answered, token, body), { status: 200 }, 'the move succeeds when it is not killed');
  const took = performance.now() - started;
  answered.child.kill('SIGKILL');
  await answered.exited;
  const after = await readFolder(pgliteDir, (db) => tripsDigest(db, pair));
  t.not(after.digest, before.digest, 'the move changes both trips');

  // Each kill halfway between the latest moment that left the trips before and the earliest that left
  // them after: the kills close in on the moment the move commits.
  const outcomes: string[] = [];
  let [early, late] = [0, took];
  for (let kill = 1; kill <= KILLS; kill++) {
    fresh();
    const server = await spawnServer(t, '', { DATA_DIR: dataDir });
    const moment = (early + late) / 2;
    let answer: unknown;
    const moving = move(server, token, body).then((answered) => (answer = answered));
    await delay(moment);
    server.child.kill('SIGKILL');
    await server.exited;
    await moving;
    const state = await readFolder(pgliteDir, (db) => tripsDigest(db, pair));
    const whole = state.digest === before.digest ? 'before' : state.digest === after.digest ? 'after' : 'half';
    outcomes.push(`${moment.toFixed(0)} ms: ${answer instanceof Error ? 'no answer' : 'answered'}, ${whole}`);
    t.not(whole, 'half', `killed ${moment.toFixed(0)} ms into the move: both trips wholly before or wholly after`);
    if (!(answer instanceof Error)) t.equal(whole, 'after', 'a move answered before the kill is kept');
    if (whole === 'before') early = moment;
    else late = moment;
  }
  t.ok(outcomes.some((outcome) => outcome.includes(': no answer')), `some kills came before the answer (${outcomes.join('; ')})`);
});
