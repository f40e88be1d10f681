// PUT /api/vehicle_allocation/:id/stops with 40 stops, on PostgreSQL: CLIENTS planners each reorder
// their own trip of 40 stores, one request after the other (each answer's version goes into the next
// request), ITERATIONS times; the p99 of every request, beside the aim. The application runs in a
// process of its own, as `npm start` runs it (the planners' requests come from this one), on a fresh
// database seeded with the demo data, dropped afterwards.
// BENCH_DATABASE_URL: the admin connection that creates the bench database; ITERATIONS=…, CLIENTS=….
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { hashPassword } from '../server/auth/password.js';
import { auditCost, withoutAudit } from './bench-audit.js';
import { scratchDatabase, signIn, startChild, stopChild } from './bench-lists.js';

const STOPS = 40;
const ITERATIONS = Number(process.env.ITERATIONS ?? 100);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const AIM_P99_MS = 100;
const WARM_UP = 5;
const IDLE_MS = 12_000;
const DATE = '2027-03-01';

/** One trip per client, each with 40 deliveries to 40 different stores of 品川センター. */
async function prepare(databaseUrl: string) {
  const db = createDb({ databaseUrl, dataDir: '' });
  try {
    await migrateToLatest(db);
    await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const stores = await db
      .selectFrom('delivery_destinations')
      .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
      .select('delivery_destinations.id')
      .where('directions.department_id', '=', center.id)
      .orderBy('delivery_destinations.id')
      .limit(STOPS)
      .execute();
    const trips: { id: number; deliveryIds: number[] }[] = [];
    for (let client = 0; client < CLIENTS; client++) {
      const trip = await db
        .insertInto('vehicle_allocations')
        .values({ date: DATE, kind: 'store_direct', department_id: center.id, trip_no: client + 1, planned_departure: new Date(`${DATE}T08:00:00+09:00`) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deliveries = await db
        .insertInto('deliveries')
        .values(stores.map((store, i) => ({ date: DATE, department_id: center.id, delivery_destination_id: store.id, slip_number: `B${client}-${i}`, quantity: 0, weight: 10 })))
        .returning('id')
        .execute();
      trips.push({ id: trip.id, deliveryIds: deliveries.map((d) => d.id) });
    }
    return trips;
  } finally {
    await db.destroy();
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchAllocation() {
  const scratch = await scratchDatabase();
  const { databaseUrl } = scratch;
  const db = createDb({ databaseUrl, dataDir: '' });
  let app: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const trips = await prepare(databaseUrl);
    app = await startChild('app', { BENCH_DATABASE: databaseUrl, BENCH_JWT_SECRET: randomBytes(32).toString('hex') });
    const base = `http://127.0.0.1:${app.port}`;
    const access_token = await signIn(app.port, 'center');
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const timings: number[] = [];
    const plan = async (trip: { id: number; deliveryIds: number[] }, iterations = ITERATIONS) => {
      let version = 1;
      for (let i = 0; i < iterations; i++) {
        // Every other request reverses the order: the stops really are rebuilt each time.
        const ids = i % 2 === 0 ? trip.deliveryIds : [...trip.deliveryIds].reverse();
        const body = JSON.stringify({ version, stops: ids.map((delivery_id, seq) => ({ delivery_id, seq: seq + 1 })) });
        const started = performance.now();
        const response = await fetch(`${base}/api/vehicle_allocation/${trip.id}/stops`, { method: 'PUT', headers, body });
        const answer = (await response.json()) as { version: number; stops: unknown[] };
        timings.push(performance.now() - started);
        if (response.status !== 200 || answer.stops.length !== STOPS) throw new Error(`stops: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
        version = answer.version;
      }
    };
    // Warm-up: every planner at once, a few requests each, so that the pool has opened the connections
    // the measured run uses and each has prepared its statements. Measured cold, the first request on
    // each new connection (about 200 ms: connecting, then parsing and planning each statement once)
    // made three of the four slowest requests, and so the p99 of 400.
    await Promise.all(trips.map((trip) => plan(trip, WARM_UP)));
    const slowestCold = Math.max(...timings.splice(0));
    const measuredRun = async () => {
      await db.updateTable('vehicle_allocations').set({ version: 1 }).execute();
      await Promise.all(trips.map((trip) => plan(trip)));
      return timings.splice(0).sort((a, b) => a - b);
    };
    // The same run with the audit triggers of the tables a move writes off, for the audit log's cost.
    const unaudited = await withoutAudit(db, ['vehicle_allocations', 'allocation_stops', 'deliveries'], measuredRun);
    const sorted = await measuredRun();
    timings.push(...sorted);
    // A planner's pause: longer than pg's default idle timeout (10 s), which would close the pool's
    // connections and their prepared statements (db/index.ts keeps them), so that the next move paid the cold start again.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    await db.updateTable('vehicle_allocations').set({ version: 1 }).execute();
    await Promise.all(trips.map((trip) => plan(trip, 1)));
    const slowestAfterIdle = Math.max(...timings.splice(sorted.length));
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`bench allocation stops: PUT /api/vehicle_allocation/:id/stops with ${STOPS} stops, ${CLIENTS} planners × ${ITERATIONS} requests, PostgreSQL`);
    console.log(`  p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)} (aim p99 ≤ ${AIM_P99_MS} ms)`);
    console.log(
      `  without the audit log: p50 ${ms(percentile(unaudited, 50))}, p99 ${ms(percentile(unaudited, 99))}; the audit log costs ${auditCost(percentile(sorted, 50), percentile(unaudited, 50))} at p50`,
    );
    console.log(`  warm-up (${CLIENTS} × ${WARM_UP}, not counted): slowest ${ms(slowestCold)}, a first request on a new connection`);
    console.log(`  after ${IDLE_MS / 1000} s idle, one request per planner (not counted): slowest ${ms(slowestAfterIdle)}`);
  } finally {
    if (app) await stopChild(app.child);
    await db.destroy();
    await scratch.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchAllocation();
}
