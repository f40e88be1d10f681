import { LEVEL, USER_TYPE } from '../../common/enums.js';
import { addDays, DELAY_STATUS } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';
import type { Actor } from '../auth/actor.js';

/**
 * The driver app's rules, pure: the day a time belongs to in Asia/Tokyo, a trip's accepted times,
 * a stop's deadline and what an arrival means for the deliveries there and at the following stops.
 */

const TOKYO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of an instant in Asia/Tokyo. */
export const tokyoDate = (instant: Date): string => TOKYO_DAY.format(instant);

/** Times the app reports for a trip fall on its day, the day before or the day after (Asia/Tokyo). */
export function withinTripDays(tripDate: string, at: Date): boolean {
  return at >= tokyoInstant(addDays(tripDate, -1), '00:00') && at < tokyoInstant(addDays(tripDate, 2), '00:00');
}

export interface StoreTimes {
  /** HH:mm: the store's receiving window closes */
  ending_time: string | null;
  /** HH:mm: the store's specified delivery time */
  specified_time: string | null;
}

/** The latest on-time arrival at a stop: the earlier of its window's end and its specified time; none without either. */
export function deadlineOf(tripDate: string, store: StoreTimes): Date | null {
  const limits = [store.ending_time, store.specified_time].filter((t): t is string => Boolean(t)).map((t) => tokyoInstant(tripDate, t));
  if (limits.length === 0) return null;
  return new Date(Math.min(...limits.map((d) => d.getTime())));
}

/** 遅延 when the arrival is after the stop's deadline, else 定刻. */
export const arrivalDelayStatus = (at: Date, deadline: Date | null) =>
  deadline !== null && at > deadline ? DELAY_STATUS.delayed : DELAY_STATUS.onTime;

/** How late an arrival is against the plan, in ms; an early arrival shifts nothing (the truck keeps its plan). */
export const delayOf = (at: Date, plannedArrival: Date | null) => (plannedArrival ? Math.max(0, at.getTime() - plannedArrival.getTime()) : 0);

export interface FollowingStop extends StoreTimes {
  seq: number;
  planned_arrival: Date | null;
}

/**
 * The following stops' new estimates: each planned arrival shifted by the delay; 遅延見込 when the
 * estimate passes the stop's deadline, else 定刻. Stops without a planned arrival keep what they have.
 */
export function followingEstimates(tripDate: string, stops: FollowingStop[], delayMs: number) {
  return stops
    .filter((stop) => stop.planned_arrival !== null)
    .map((stop) => {
      const estimated = new Date(stop.planned_arrival!.getTime() + delayMs);
      const deadline = deadlineOf(tripDate, stop);
      const status = deadline !== null && estimated > deadline ? DELAY_STATUS.atRisk : DELAY_STATUS.onTime;
      return { seq: stop.seq, estimated, status };
    });
}

/** A work period at a stop: the end after the start (the specification's rule), both within the stay. */
export function workPeriodProblems(stay: { arrived: Date; departed: Date }, started: Date | null, ended: Date | null) {
  const problems: Partial<Record<'work_started_at' | 'work_ended_at', 'outsideStay' | 'endBeforeStart'>> = {};
  const outside = (at: Date) => at < stay.arrived || at > stay.departed;
  if (started && outside(started)) problems.work_started_at = 'outsideStay';
  if (started && ended && ended <= started) problems.work_ended_at = 'endBeforeStart';
  else if (ended && outside(ended)) problems.work_ended_at = 'outsideStay';
  return problems;
}

/**
 * The driver as the master engine's actor when they register a temporary vehicle or store: a member
 * of their own company working at their base center, never a user (no user id is recorded).
 */
export function driverAsActor(driver: { name: string; deliveryCompanyId: number; baseDepartmentId: number | null }): Actor {
  return {
    id: 0,
    name: driver.name,
    loginId: '',
    type: USER_TYPE.adminVehicleAllocation,
    level: LEVEL.deliveryCompany,
    departmentId: driver.baseDepartmentId,
    deliveryCompanyId: driver.deliveryCompanyId,
    tokenVersion: 0,
  };
}
