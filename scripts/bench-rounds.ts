// 近い順 on a trip card (common/rounds.ts bestRound): the time to order a trip's stops, beside the
// baseline measured in the same run on the same stores: shortRound, the km-only round it replaced
// (nearest first untangled by 2-opt). Deterministic random stores around a center, a third with a
// receiving window and a fifth with a specified time, leaving at 08:00; TRIPS trips per size.
import { performance } from 'node:perf_hooks';
import { shortRound } from '../common/places.js';
import { bestRound, type RoundStop } from '../common/rounds.js';
import { percentile } from './bench-allocation.js';

const SIZES = [5, 8, 12, 20, 40];
const TRIPS = Number(process.env.TRIPS ?? 50);
/** A board shows trips of up to 40 stops; ordering one must not make the planner wait. */
const AIM_P99_MS = 100;

const CENTER = { latitude: 35.6148, longitude: 139.7496 };
const DEPARTURE = new Date('2026-12-01T08:00:00+09:00');

function storesOf(count: number, random: () => number): RoundStop[] {
  const clock = (from: number, span: number) => {
    const minutes = from + Math.floor(random() * span);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  return Array.from({ length: count }, () => {
    const kind = random();
    return {
      latitude: CENTER.latitude + random() * 0.16 - 0.08,
      longitude: CENTER.longitude + random() * 0.16 - 0.08,
      start_time: kind < 0.33 ? clock(7 * 60, 120) : null,
      ending_time: kind < 0.33 ? clock(10 * 60, 120) : null,
      specified_time: kind > 0.8 ? clock(8 * 60 + 30, 120) : null,
    };
  });
}

/** The time of each call, in ms, after one call not counted (the JIT's first compile). */
function timed(trips: RoundStop[][], order: (stops: RoundStop[]) => number[]): number[] {
  order(trips[0]!);
  return trips.map((stops) => {
    const start = performance.now();
    order(stops);
    return performance.now() - start;
  });
}

export async function benchRounds() {
  let seed = 20_261_128;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  console.log(`bench rounds: 近い順 (bestRound) beside the km-only round (shortRound), ${TRIPS} trips per size, in this process`);
  for (const size of SIZES) {
    const trips = Array.from({ length: TRIPS }, () => storesOf(size, random));
    const best = timed(trips, (stops) => bestRound(CENTER, DEPARTURE, stops)).sort((a, b) => a - b);
    const short = timed(trips, (stops) => shortRound(CENTER, stops)).sort((a, b) => a - b);
    const line = (times: number[]) => `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`;
    console.log(`  ${String(size).padStart(2)} stops: bestRound ${line(best)}; shortRound ${line(short)} (aim p99 ≤ ${AIM_P99_MS} ms)`);
  }
}
