// Solomon's and Gehring & Homberger's VRPTW instances as optimizer problems: customers by the
// Euclidean distance between them, travel time equal to distance, each customer's window kept at
// arrival (waiting when early), back at the depot by its due date; the cost is the distance alone.
import type { Problem } from './model.js';

export interface Benchmark {
  name: string;
  problem: Problem;
  /** The customer number in the file of each job. */
  customers: number[];
}

export function readSolomon(text: string): Benchmark {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line.length > 0)!;
  const vehicleAt = lines.findIndex((line) => /^NUMBER\s+CAPACITY/i.test(line));
  const [count, capacity] = lines[vehicleAt + 1]!.split(/\s+/).map(Number) as [number, number];
  const customerAt = lines.findIndex((line) => /^CUST/i.test(line));
  const rows = lines
    .slice(customerAt + 1)
    .filter((line) => /^\d/.test(line))
    .map((line) => line.split(/\s+/).map(Number));
  const [depot, ...customers] = rows;
  if (!depot || depot[0] !== 0) throw new Error(`${name}: no depot (customer 0)`);
  const shift: [number, number] = [depot[4]!, depot[5]!];
  return {
    name,
    customers: customers.map((row) => row[0]!),
    problem: {
      travel: { kind: 'euclidean', coordinates: rows.map((row) => [row[1]!, row[2]!]) },
      vehicles: Array.from({ length: count }, (_, v) => ({ id: String(v + 1), capacity: [capacity], shift, start: 0, end: 0 })),
      jobs: customers.map((row, j) => ({
        id: String(row[0]),
        location: j + 1,
        demand: [row[3]!],
        window: [row[4]!, row[5]!],
        service: row[6]!,
      })),
      weights: { distance: 1, time: 0, group: 0 },
    },
  };
}
