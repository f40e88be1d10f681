import { haversineKm, type Point, shortRound, STOP_MINUTES, travelMinutes } from './places.js';
import { tokyoMinutes } from './time.js';
import { type Clocks, clocksOf, minutesMissedAt, type StoreTimes } from './windows.js';

/**
 * The board's 近い順 (docs/decisions/allocation.md): the order of a trip's stops that keeps the most stores'
 * times, then misses the fewest minutes, then drives the fewest km, from the center and back.
 * Arrivals are planned as the server plans them (common/places.ts `plannedArrivals`: no waiting).
 */

/** A stop to order: where the store is and its receiving window and specified time. */
export interface RoundStop extends Point, StoreTimes {}

/**
 * What an order costs, compared in this order: stores whose times it misses, minutes missed, km, and
 * of two equally long rounds (one the other driven backwards) the one that reaches its stores sooner.
 */
export interface RoundCost {
  misses: number;
  minutes: number;
  km: number;
  /** the km driven to reach each stop, summed */
  reach: number;
}

/** Less than this is no shorter: rounding in the sums never prefers one of two equal rounds. */
const SHORTER_KM = 1e-9;

/** Up to this many stops every order is weighed (branch and bound); beyond, a local search. */
export const EXACT_ROUND_STOPS = 7;

/** -1, 0 or 1 as `a` costs less than, as much as or more than `b`. */
function compareCost(a: RoundCost, b: RoundCost): number {
  if (a.misses !== b.misses) return a.misses < b.misses ? -1 : 1;
  if (a.minutes !== b.minutes) return a.minutes < b.minutes ? -1 : 1;
  if (Math.abs(a.km - b.km) > SHORTER_KM) return a.km < b.km ? -1 : 1;
  if (Math.abs(a.reach - b.reach) > SHORTER_KM) return a.reach < b.reach ? -1 : 1;
  return 0;
}

/** Where a walk through an order stands after some of its stops: the clock, the last place, the cost so far. */
interface Walk extends RoundCost {
  clock: number;
  here: number;
}

const startWalk = (clock: number): Walk => ({ clock, here: 0, misses: 0, minutes: 0, km: 0, reach: 0 });
const copyWalk = (to: Walk, from: Walk) => Object.assign(to, from);

/** Walks the stops in any order, with every leg's km and minutes worked out once; nothing allocated per step. */
function walker(start: Point, departure: Date | null, stops: readonly RoundStop[]) {
  const places = [start, ...stops];
  const km = places.map((a) => places.map((b) => haversineKm(a, b)));
  const travelMs = places.map((a) => places.map((b) => travelMinutes(a, b) * 60_000));
  const clocks: Clocks[] = stops.map(clocksOf);
  const departs = departure?.getTime() ?? null;
  /** One more stop, in place: as plannedArrivals, the minutes at the stop before driving on, then the leg; arrivals to the second. */
  const step = (walk: Walk, stop: number) => {
    const next = stop + 1;
    walk.km += km[walk.here]![next]!;
    walk.reach += walk.km;
    if (departs !== null) {
      walk.clock += (walk.here === 0 ? 0 : STOP_MINUTES * 60_000) + travelMs[walk.here]![next]!;
      const missed = minutesMissedAt(tokyoMinutes(Math.round(walk.clock / 1000) * 1000), clocks[stop]!);
      if (missed > 0) {
        walk.misses += 1;
        walk.minutes += missed;
      }
    }
    walk.here = next;
  };
  const home = (walk: Walk): RoundCost => ({ misses: walk.misses, minutes: walk.minutes, km: walk.km + km[walk.here]![0]!, reach: walk.reach });
  const first = () => startWalk(departs ?? 0);
  /** The walks after 0, 1, … n stops of `order`. */
  const walks = (order: readonly number[]): Walk[] => {
    const all = [first()];
    for (const stop of order) {
      const walk = copyWalk(startWalk(0), all.at(-1)!);
      step(walk, stop);
      all.push(walk);
    }
    return all;
  };
  const scratch = startWalk(0);
  /**
   * The cost of the order whose stop at position k is `at(k)`, the same as the walks' order before
   * `from`; null as soon as it cannot cost less than `bound` (every part of a cost only grows on the way).
   */
  const costFrom = (prefix: readonly Walk[], from: number, at: (k: number) => number, bound: RoundCost): RoundCost | null => {
    copyWalk(scratch, prefix[from]!);
    for (let k = from; k < stops.length; k++) {
      step(scratch, at(k));
      if (compareCost(scratch, bound) >= 0) return null;
    }
    const whole = home(scratch);
    return compareCost(whole, bound) < 0 ? whole : null;
  };
  return { first, step, home, walks, costFrom };
}

type Walker = ReturnType<typeof walker>;

/**
 * Every order, one stop more at a time, leaving any first part that already costs as much as the best
 * found; `known`, a good order found otherwise, bounds the search from the start.
 */
function exactRound(known: { order: number[]; cost: RoundCost }, walk: Walker): number[] {
  const n = known.order.length;
  let { order: best, cost: bestCost } = known;
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const depth = [walk.first(), ...known.order.map(() => startWalk(0))];
  const extend = () => {
    const k = order.length;
    if (k === n) {
      const whole = walk.home(depth[k]!);
      if (compareCost(whole, bestCost) < 0) [best, bestCost] = [[...order], whole];
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      walk.step(copyWalk(depth[k + 1]!, depth[k]!), i);
      if (compareCost(depth[k + 1]!, bestCost) >= 0) continue;
      order.push(i);
      used[i] = true;
      extend();
      used[i] = false;
      order.pop();
    }
  };
  extend();
  return best;
}

/** The stop at position k once the stretch i..j of `order` is reversed (2-opt). */
const reversedAt = (order: readonly number[], i: number, j: number) => (k: number) => (k < i || k > j ? order[k]! : order[i + j - k]!);

/** The stop at position k once the stop at `from` of `order` is taken out and put at `to`. */
const movedAt = (order: readonly number[], from: number, to: number) => (k: number) => {
  if (k === to) return order[from]!;
  if (to < from) return k < to || k > from ? order[k]! : order[k - 1]!;
  return k < from || k > to ? order[k]! : order[k + 1]!;
};

/** From `order`, every cheaper move as it is found (a stretch reversed, a stop put elsewhere), until none is cheaper. */
function improved(order: number[], walk: Walker): { order: number[]; cost: RoundCost } {
  const n = order.length;
  let current = order;
  let prefix = walk.walks(current);
  let cost = walk.home(prefix[n]!);
  const tryMove = (from: number, at: (k: number) => number) => {
    const cheaper = walk.costFrom(prefix, from, at, cost);
    if (!cheaper) return false;
    [current, cost] = [current.map((_, k) => at(k)), cheaper];
    prefix = walk.walks(current);
    return true;
  };
  for (let better = true; better; ) {
    better = false;
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) better = tryMove(i, reversedAt(current, i, j)) || better;
    }
    for (let from = 0; from < n; from++) {
      for (let to = 0; to < n; to++) {
        if (to !== from) better = tryMove(Math.min(from, to), movedAt(current, from, to)) || better;
      }
    }
  }
  return { order: current, cost };
}

/** The stores with a time limit first, the earliest limit first; the others in `after`'s order. */
function byDeadline(stops: readonly RoundStop[], after: number[]): number[] {
  const deadline = (i: number) => {
    const { end, specified } = clocksOf(stops[i]!);
    return Math.min(end ?? Infinity, specified ?? Infinity);
  };
  return [...after].sort((a, b) => deadline(a) - deadline(b));
}

/**
 * 近い順: the stops' indexes in the order to visit them from `start`, leaving at `departure` (no
 * departure: km alone decide). Up to EXACT_ROUND_STOPS stops the best order; beyond, the best of a
 * local search from the short round (`shortRound`) and from the stores by their time limits, unless the
 * current order is as good. Of equally good orders the current one is kept.
 */
export function bestRound(start: Point, departure: Date | null, stops: readonly RoundStop[]): number[] {
  const walk = walker(start, departure, stops);
  const current = [...stops.keys()];
  const short = shortRound(start, stops);
  const searched = [short, byDeadline(stops, short)].map((seed) => improved(seed, walk)).reduce((best, next) => (compareCost(next.cost, best.cost) < 0 ? next : best));
  // The current order as good already (a trip 近い順 ordered before): searched from itself, so it is kept unless a move betters it.
  const found = compareCost(walk.home(walk.walks(current).at(-1)!), searched.cost) <= 0 ? improved(current, walk) : searched;
  return stops.length <= EXACT_ROUND_STOPS ? exactRound(found, walk) : found.order;
}
