import { LEVEL, USER_TYPE } from '../../common/enums.js';
import { addDays } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';
import type { Actor } from '../auth/actor.js';
import { deadlineOf, expectedDelayStatus, type StoreDeadlineTimes } from '../deliveries/delay.js';

/**
 * The driver app's rules, pure: the day a time belongs to in Asia/Tokyo, a trip's accepted times,
 * and what an arrival means for the following stops (a stop's deadline: deliveries/delay.ts).
 */

const TOKYO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of an instant in Asia/Tokyo. */
export const tokyoDate = (instant: Date): string => TOKYO_DAY.format(instant);

/** Times the app reports for a trip fall on its day, the day before or the day after (Asia/Tokyo). */
export function withinTripDays(tripDate: string, at: Date): boolean {
  return at >= tokyoInstant(addDays(tripDate, -1), '00:00') && at < tokyoInstant(addDays(tripDate, 2), '00:00');
}

/** How late an arrival is against the plan, in ms; an early arrival shifts nothing (the truck keeps its plan). */
export const delayOf = (at: Date, plannedArrival: Date | null) => (plannedArrival ? Math.max(0, at.getTime() - plannedArrival.getTime()) : 0);

export interface FollowingStop extends StoreDeadlineTimes {
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
      return { seq: stop.seq, estimated, status: expectedDelayStatus(estimated, deadlineOf(tripDate, stop)) };
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
