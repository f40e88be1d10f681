// `npm run optimize -- <instance.txt> [--seconds S] [--seed N] [--iterations N]`: solves a Solomon or
// Gehring-Homberger VRPTW instance with the optimizer (docs/optimizer.md) and prints one JSON line:
// the instance, the vehicles used, the distance (two decimals), each route's customers as numbered in
// the file, and the seconds taken. Exit 1 when the plan breaks a constraint (it never should).
import { existsSync, readFileSync } from 'node:fs';
import { checkPlan, optimize, readSolomon } from '../server/allocation/optimizer/index.js';
import { commandArgs, runCommand, UsageError } from './command.js';

const USAGE = 'usage: npm run optimize -- <instance.txt> [--seconds S] [--seed N] [--iterations N]';

async function main(): Promise<number> {
  const { values, positionals } = commandArgs(
    {
      allowPositionals: true,
      options: { seconds: { type: 'string', default: '5' }, seed: { type: 'string', default: '1' }, iterations: { type: 'string' } },
    },
    USAGE,
  );
  const [file] = positionals;
  const seconds = Number(values.seconds);
  const seed = Number(values.seed);
  const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
  if (!file || !(seconds > 0) || !Number.isInteger(seed) || (iterations !== undefined && !(iterations >= 0))) throw new UsageError(USAGE);
  if (!existsSync(file)) throw new UsageError(`${file}: no such file\n${USAGE}`);
  const began = Date.now();
  const { name, problem } = readSolomon(readFileSync(file, 'utf8'));
  const plan = optimize(problem, { seed, iterations, deadline: iterations === undefined ? began + seconds * 1000 : undefined });
  const routes = plan.routes.flatMap((route) => route.trips.map((trip) => trip.stops.map((stop) => Number(stop.job))));
  const line = { instance: name, vehicles: plan.vehicles, cost: Number(plan.distance.toFixed(2)), routes, seconds: (Date.now() - began) / 1000 };
  console.log(JSON.stringify(line));
  const { errors } = checkPlan(problem, plan);
  for (const error of errors) console.error(error);
  return errors.length || plan.unassigned.length ? 1 : 0;
}

runCommand(main);
