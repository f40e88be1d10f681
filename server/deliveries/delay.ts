import { DELAY_STATUS } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';

/**
 * What a delivery's 定刻 / 遅延 / 遅延見込 means, for the plan (allocation) and the road (driver app):
 * a stop's deadline, an arrival against it, an estimate against it.
 */

export interface StoreDeadlineTimes {
  /** HH:mm: the store's receiving window closes */
  ending_time: string | null;
  /** HH:mm: the store's specified delivery time */
  specified_time: string | null;
}

/** The latest on-time arrival at a stop: the earlier of its window's end and its specified time; none without either. */
export function deadlineOf(tripDate: string, store: StoreDeadlineTimes): Date | null {
  const limits = [store.ending_time, store.specified_time].filter((t): t is string => Boolean(t)).map((t) => tokyoInstant(tripDate, t.slice(0, 5)));
  if (limits.length === 0) return null;
  return new Date(Math.min(...limits.map((d) => d.getTime())));
}

/** 遅延 when the arrival is after the stop's deadline, else 定刻. */
export const arrivalDelayStatus = (at: Date, deadline: Date | null) => (deadline !== null && at > deadline ? DELAY_STATUS.delayed : DELAY_STATUS.onTime);

/** 遅延見込 when the expected arrival is after the stop's deadline, else 定刻 (no estimate: 定刻). */
export const expectedDelayStatus = (estimated: Date | null, deadline: Date | null) =>
  estimated !== null && deadline !== null && estimated > deadline ? DELAY_STATUS.atRisk : DELAY_STATUS.onTime;
