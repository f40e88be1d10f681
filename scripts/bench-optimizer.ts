// `npm run bench -- optimizer`: the optimizer (docs/optimizer.md) on the 56 Solomon VRPTW instances of
// ../shared/benchmarks/vrptw/solomon (beside the project's folder), at 5 s and at 1 s an instance
// (OPTIMIZER_SECONDS=5,1 to change), one instance at a time. Per class and overall: the average,
// median and worst gap to the best-known distance, the vehicles, the seconds taken and the CPU seconds
// the process had (less than the seconds when other work shares the machine). Every plan is checked.
// Then how the work grows with the customers: generated instances of 100, 200 and 1,000 customers, the
// time to the first plan and the search's steps per CPU second (OPTIMIZER_SIZES=… to change).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkPlan, optimize, readSolomon, type Problem } from '../server/allocation/optimizer/index.js';
import { seededRandom } from '../server/allocation/optimizer/random.js';
import { tokyoToday } from '../common/deliveries.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { calculator, perDirectionFigures, sameTrips } from '../server/allocation/calculator.js';
import { daysToPlan } from '../server/allocation/day-repository.js';
import { findActor } from '../server/auth/actor.js';
import { hashPassword } from '../server/auth/password.js';

const FOLDER = path.resolve(import.meta.dirname, '../../shared/benchmarks/vrptw/solomon');
const CLASSES = ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2'];
const SEED = 1;
/** VROOM 1.14.0 built from source, -x 5 with 2 threads, and cut to 1 s (-l 1): the published figures we compare with. */
const REFERENCE = 'VROOM 1.14.0 -x 5: avg +1.61 %, median +0.99 %, worst +7.54 % (R211), 0.70 s an instance (R2 +3.94 %, RC2 +2.57 %); -l 1: avg +2.53 %';

interface Outcome {
  name: string;
  gap: number;
  vehicles: number;
  seconds: number;
  cpu: number;
  errors: string[];
}

function solveOne(file: string, best: number, seconds: number): Outcome {
  const { name, problem } = readSolomon(readFileSync(path.join(FOLDER, file), 'utf8'));
  const began = Date.now();
  const cpu = process.cpuUsage();
  const plan = optimize(problem, { seed: SEED, deadline: began + seconds * 1000 });
  const used = process.cpuUsage(cpu);
  const { errors, distance } = checkPlan(problem, plan);
  if (plan.unassigned.length) errors.push(`${plan.unassigned.length} customers unassigned`);
  const cost = Math.round(distance * 100) / 100;
  return { name, gap: (cost / best - 1) * 100, vehicles: plan.vehicles, seconds: (Date.now() - began) / 1000, cpu: (used.user + used.system) / 1e6, errors };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const signed = (gap: number) => `${gap >= 0 ? '+' : ''}${gap.toFixed(2)} %`;

function summary(label: string, outcomes: Outcome[]): string {
  const gaps = outcomes.map((outcome) => outcome.gap);
  const worst = outcomes.reduce((a, b) => (b.gap > a.gap ? b : a));
  return `  ${label.padEnd(8)} avg ${signed(mean(gaps)).padStart(9)}  median ${signed(median(gaps)).padStart(9)}  worst ${signed(worst.gap).padStart(9)} (${worst.name.padEnd(5)})  vehicles ${mean(outcomes.map((o) => o.vehicles)).toFixed(1).padStart(5)}  ${mean(outcomes.map((o) => o.seconds)).toFixed(2)} s (cpu ${mean(outcomes.map((o) => o.cpu)).toFixed(2)} s)`;
}

export async function benchOptimizer() {
  const known = JSON.parse(readFileSync(path.join(FOLDER, 'BKS.json'), 'utf8')) as Record<string, { best_known_cost: number }>;
  const files = readdirSync(FOLDER)
    .filter((file) => /^(C|R|RC)\d+\.txt$/.test(file))
    .sort();
  const budgets = (process.env.OPTIMIZER_SECONDS ?? '5,1').split(',').map(Number);
  for (const seconds of budgets) {
    console.log(`bench optimizer: ${files.length} Solomon instances, ${seconds} s each, seed ${SEED}, gap to the best-known distance`);
    const outcomes: Outcome[] = [];
    for (const file of files) {
      const name = path.basename(file, '.txt');
      const outcome = solveOne(file, known[`${name}_distance`]!.best_known_cost, seconds);
      for (const error of outcome.errors) console.log(`  ${name}: INFEASIBLE ${error}`);
      outcomes.push(outcome);
    }
    for (const kind of CLASSES) console.log(summary(kind, outcomes.filter((o) => classOf(o.name) === kind)));
    console.log(summary('all', outcomes));
    const infeasible = outcomes.filter((o) => o.errors.length).length;
    console.log(`  ${infeasible ? `${infeasible} INFEASIBLE` : 'every plan feasible'}; reference ${REFERENCE}`);
  }
  growth(budgets[0]!);
  await demoDays(Number(process.env.OPTIMIZER_DEMO_SECONDS ?? 2));
}

/**
 * The demo's coming days with unallocated deliveries, per center: the optimizer's proposal (the
 * calculator's, at `seconds`) beside the per-direction rule it replaced (`perDirectionFigures`), in
 * vehicles used and road km; an embedded database seeded with the demo data as of today.
 */
async function demoDays(seconds: number) {
  const db = createDb({ dataDir: 'memory://' });
  try {
    await migrateToLatest(db);
    await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    const user = await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow();
    const actor = (await findActor(db, user.id))!;
    const days = await daysToPlan(db, tokyoToday());
    console.log(`bench optimizer: the demo's ${days.length} coming center-days, the optimizer at ${seconds} s (seed ${SEED}) beside the per-direction rule it replaced`);
    let [better, same, vehicles, km, ruleVehicles, ruleKm] = [0, 0, 0, 0, 0, 0];
    for (const { department_id, date } of days) {
      const now = new Date();
      const { summary: engine, proposal } = await calculator(db, actor, department_id, date, now, { seconds, seed: SEED });
      const rule = await perDirectionFigures(db, actor, department_id, date, now);
      const alike = sameTrips(proposal.map((trip) => trip.delivery_ids), rule.trips);
      const wins = engine.vehicles <= rule.vehicles && (alike ? engine.km <= rule.km : engine.km < rule.km);
      [better, same] = [better + (wins && !alike ? 1 : 0), same + (wins && alike ? 1 : 0)];
      [vehicles, km, ruleVehicles, ruleKm] = [vehicles + engine.vehicles, km + engine.km, ruleVehicles + rule.vehicles, ruleKm + rule.km];
      const rate = proposal.length ? ` (${Math.round((100 * proposal.reduce((sum, trip) => sum + trip.load_rate, 0)) / proposal.length)} % loaded)` : '';
      console.log(`  center ${department_id} ${date}: optimizer ${engine.vehicles} vehicles ${engine.km.toFixed(1)} km${rate}, per direction ${rule.vehicles} vehicles ${rule.km.toFixed(1)} km${alike ? '  THE SAME TRIPS' : ''}${wins ? '' : '  NOT BETTER'}`);
    }
    console.log(`  all: optimizer ${vehicles} vehicles ${km.toFixed(1)} km, per direction ${ruleVehicles} vehicles ${ruleKm.toFixed(1)} km; as many vehicles or fewer and fewer km on ${better} of ${days.length} days, the same trips on ${same}`);
  } finally {
    await db.destroy();
  }
}

/**
 * Customers spread at random over a square that grows with their number (as many per unit of area as
 * Solomon's), the depot in its middle, windows of 60 to 300 within a horizon that grows with the square,
 * Solomon's R2 capacity (1,000) and service time (10).
 */
function generated(customers: number): Problem {
  const random = seededRandom(customers);
  const side = 100 * Math.sqrt(customers / 100);
  const horizon = 10 * side;
  const center: [number, number] = [side / 2, side / 2];
  const coordinates: [number, number][] = [center, ...Array.from({ length: customers }, (): [number, number] => [random.next() * side, random.next() * side])];
  const jobs = coordinates.slice(1).map(([x, y], j) => {
    const reach = Math.hypot(x - center[0], y - center[1]);
    const width = 60 + random.next() * 240;
    const from = reach + random.next() * Math.max(0, horizon - 2 * reach - width - 10);
    return { id: String(j + 1), location: j + 1, demand: [1 + random.below(30)], service: 10, window: [from, from + width] as [number, number] };
  });
  const vehicles = Array.from({ length: Math.ceil(customers / 4) }, (_, v) => ({ id: String(v + 1), capacity: [1000], shift: [0, horizon] as [number, number], start: 0, end: 0 }));
  return { travel: { kind: 'euclidean', coordinates }, vehicles, jobs };
}

function growth(seconds: number) {
  const sizes = (process.env.OPTIMIZER_SIZES ?? '100,200,1000').split(',').map(Number);
  console.log(`bench optimizer: generated instances, ${seconds} s each: the time to the first plan and the search's steps per CPU second`);
  for (const customers of sizes) {
    const problem = generated(customers);
    const began = performance.now();
    optimize(problem, { seed: SEED, iterations: 0 });
    const first = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage();
    const plan = optimize(problem, { seed: SEED, deadline: Date.now() + seconds * 1000 });
    const used = process.cpuUsage(cpu);
    const { errors } = checkPlan(problem, plan);
    const steps = plan.iterations / ((used.user + used.system) / 1e6);
    console.log(
      `  ${String(customers).padStart(5)} customers: first plan ${first.toFixed(2)} s, ${Math.round(steps).toLocaleString('en')} steps per CPU s, ${plan.vehicles} vehicles, distance ${plan.distance.toFixed(0)}${errors.length || plan.unassigned.length ? ' INFEASIBLE' : ''}`,
    );
  }
}

/** C101 → C1, RC208 → RC2. */
function classOf(name: string): string {
  return /^([A-Z]+\d)/.exec(name)![1]!;
}
