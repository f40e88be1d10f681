import type { Insertable } from 'kysely';
import { copyRefusal, daysBetween, nextPlanStep, type PlannedTimes, timesFromNow, TRIP_STATUS } from '../../common/allocation.js';
import { tokyoToday } from '../../common/deliveries.js';
import type { Database, TripKind } from '../../db/types.js';
import { AppError, invalid } from '../errors.js';
import { departmentScope, departmentSubtree } from '../auth/scope.js';
import { tripsChanged } from './events.js';
import { takenTripNos } from './repository.js';
import { plannedWindow, windowsOverlap } from './rules.js';
import { checkAssignment, refuseOutOfScopeDepartment, type WriteContext } from './service.js';
import { checkTripWorkRules } from './work-rules.js';

/** 前日コピー: a day's trips copied onto another day as drafts, in one insert. */

interface CopyBody {
  from_date: string;
  to_date: string;
  department_id: number;
  kind?: TripKind;
}

/** The day's live trips of the center's subtree (of the kind, if given) that the caller's scope holds, in id order. */
function sourceTrips(ctx: WriteContext, body: CopyBody) {
  let query = ctx.db
    .selectFrom('vehicle_allocations as va')
    .selectAll('va')
    .where('va.date', '=', body.from_date)
    .where('va.deleted_at', 'is', null)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where('va.department_id', '=', departmentSubtree(body.department_id));
  if (body.kind) query = query.where('va.kind', '=', body.kind);
  const scope = departmentScope(ctx.actor, 'va.department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('va.id').execute();
}

type SourceTrip = Awaited<ReturnType<typeof sourceTrips>>[number];

/** The trip numbers taken on the day copied onto, per planning center and kind of the copied trips (each read under the day's lock). */
async function takenOnTarget(ctx: WriteContext, sources: SourceTrip[], toDate: string) {
  const taken = new Map<string, number[]>();
  for (const { department_id, kind } of sources) {
    const key = `${department_id}:${kind}`;
    if (!taken.has(key)) taken.set(key, await takenTripNos(ctx.db, department_id, toDate, kind));
  }
  return (source: SourceTrip) => taken.get(`${source.department_id}:${source.kind}`)!.includes(source.trip_no);
}

/** A copy as it will be inserted: its vehicle and driver as kept, at its times. */
interface Copy {
  source: SourceTrip;
  times: PlannedTimes;
  vehicle_id: number | null;
  driver_id: number | null;
  delivery_company_id: number | null;
}

/**
 * The vehicle and driver a copy keeps: both if they can go, else the vehicle alone, else the driver
 * alone, else neither. One can go when visible to the caller, on no other live trip overlapping the
 * copy's window (checkAssignment), nor on a copy made before it (`made`).
 */
async function keptAssignment(ctx: WriteContext, source: SourceTrip, times: PlannedTimes, made: Copy[]) {
  const window = plannedWindow(times);
  const onEarlierCopy = (column: 'vehicle_id' | 'driver_id', id: number | null) =>
    id !== null &&
    window !== null &&
    made.some((copy) => {
      const other = plannedWindow(copy.times);
      return copy[column] === id && other !== null && windowsOverlap(window, other);
    });
  const keep = async (vehicle_id: number | null, driver_id: number | null) => {
    try {
      const { vehicle, driver } = await checkAssignment(ctx, { id: null, vehicle_id, driver_id, ...times });
      if (onEarlierCopy('vehicle_id', vehicle_id) || onEarlierCopy('driver_id', driver_id)) return null;
      return { vehicle_id, driver_id, delivery_company_id: vehicle?.delivery_company_id ?? driver?.delivery_company_id ?? null };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  return (
    (await keep(source.vehicle_id, source.driver_id)) ??
    (await keep(source.vehicle_id, null)) ??
    (await keep(null, source.driver_id)) ??
    (await keep(null, null))!
  );
}

/** The row of a copy: the source's route, load and costs on the new day, a draft by the caller. */
function copyRow(ctx: WriteContext, toDate: string, copy: Copy): Insertable<Database['vehicle_allocations']> {
  const { source } = copy;
  return {
    date: toDate,
    kind: source.kind,
    department_id: source.department_id,
    trip_no: source.trip_no,
    route_name: source.route_name,
    origin_department_id: source.origin_department_id,
    destination_department_id: source.destination_department_id,
    direction_id: source.direction_id,
    vehicle_id: copy.vehicle_id,
    driver_id: copy.driver_id,
    delivery_company_id: copy.delivery_company_id,
    trip_mode: source.trip_mode,
    load_unit: source.load_unit,
    receive_timing: source.receive_timing,
    // Transfers are planned in quantities; a store trip's come from the deliveries it will be given.
    ...(source.kind === 'store_direct' ? {} : { quantity: source.quantity, weight: source.weight, volume: source.volume }),
    ...copy.times,
    toll: source.toll,
    parking: source.parking,
    other_expense: source.other_expense,
    created_by: ctx.actor.id,
    updated_by: ctx.actor.id,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
}

/**
 * POST /copy (前日コピー): the day's live trips of the center's subtree as drafts on another day, with
 * vehicle, driver, route and times shifted by the days between (onto today, times already passed start
 * from now: common/allocation.ts `timesFromNow`); no deliveries. A trip whose number is
 * already taken that day is skipped (copying twice creates nothing more); a vehicle or driver busy at
 * the shifted window, or no longer visible, is left off the copy. The copies go in with one insert; each
 * with a driver is then checked against the 2024 rules as if made one after the other. Answers how many of each.
 */
export async function copyDay(ctx: WriteContext, body: CopyBody) {
  const refusal = copyRefusal(body.from_date, body.to_date, tokyoToday(ctx.now));
  if (refusal) throw invalid({ to_date: ctx.t(refusal) });
  await refuseOutOfScopeDepartment(ctx, body.department_id);
  const sources = await sourceTrips(ctx, body);
  const shift = daysBetween(body.from_date, body.to_date) * 86_400_000;
  const moved = (at: Date | null) => (at ? new Date(at.getTime() + shift) : null);
  const copiedTimes = timesFromNow(
    sources.map((source) => ({
      vehicle_id: source.vehicle_id,
      driver_id: source.driver_id,
      planned_loading_start: moved(source.planned_loading_start),
      planned_departure: moved(source.planned_departure),
      planned_arrival: moved(source.planned_arrival),
    })),
    body.to_date === tokyoToday(ctx.now) ? nextPlanStep(ctx.now) : null,
  );
  const taken = await takenOnTarget(ctx, sources, body.to_date);
  const copies: Copy[] = [];
  for (const [index, source] of sources.entries()) {
    if (taken(source)) continue;
    const times = copiedTimes[index]!;
    copies.push({ source, times, ...(await keptAssignment(ctx, source, times, copies)) });
  }
  const ids = copies.length
    ? (await ctx.db.insertInto('vehicle_allocations').values(copies.map((copy) => copyRow(ctx, body.to_date, copy))).returning('id').execute()).map((row) => row.id)
    : [];
  tripsChanged(ctx.db, ids);
  for (const [index, copy] of copies.entries()) {
    if (copy.driver_id !== null) await checkTripWorkRules(ctx.db, ids[index]!, ids.slice(index + 1));
  }
  const changed = copies.filter((copy) => copy.vehicle_id !== copy.source.vehicle_id || copy.driver_id !== copy.source.driver_id);
  return { created: copies.length, skipped: sources.length - copies.length, without_vehicle_or_driver: changed.length };
}
