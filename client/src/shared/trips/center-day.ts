/**
 * The center and the day the allocation screens work on, as plain functions (tests/client/center-day.test.ts):
 * read from the address (`?date=2026-11-24&department_id=3`, and the older `?center=3`), written into it,
 * and remembered per user in this browser, so that opening any allocation screen from the menu returns
 * to the center and day the planner last worked on.
 *
 * The center is remembered until another is chosen; the day only for the Tokyo day it was chosen on:
 * the next morning the screens open on today again, as a planner starting the day expects.
 */
import { isCalendarDay } from '../../../../common/deliveries.js';

export interface CenterDay {
  center?: number;
  date?: string;
}

/** The address's parameter names: the API's `department_id`; `center` is read from older links. */
export const CENTER_PARAM = 'department_id';
const OLD_CENTER_PARAM = 'center';

const positiveId = (text: string | null): number | undefined => (text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** What the address names: a center (`department_id`, else the older `center`) and a day, each when well formed. */
export function centerDayOf(params: URLSearchParams): CenterDay {
  const center = positiveId(params.get(CENTER_PARAM)) ?? positiveId(params.get(OLD_CENTER_PARAM));
  const date = params.get('date');
  return { center, date: date && isCalendarDay(date) ? date : undefined };
}

/** The address's parameters with the center and day set (the older `center` replaced by `department_id`), the others kept. */
export function withCenterDay(params: URLSearchParams, next: CenterDay): URLSearchParams {
  const merged = new URLSearchParams(params);
  if (next.date !== undefined) merged.set('date', next.date);
  if (next.center !== undefined) {
    merged.delete(OLD_CENTER_PARAM);
    merged.set(CENTER_PARAM, String(next.center));
  }
  return merged;
}

/** `date=…&department_id=…`: the query of a link to an allocation screen at a center and day. */
export function centerDayQuery(center: number | null | undefined, date: string): string {
  return center ? `date=${date}&${CENTER_PARAM}=${center}` : `date=${date}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const storageKey = (userId: number) => `allocation-center-day:${userId}`;

/** The user's remembered center, and their day if it was chosen today (Tokyo). */
export function rememberedCenterDay(userId: number | undefined, today: string, storage: Store = localStorage): CenterDay {
  if (userId === undefined) return {};
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(storageKey(userId)) ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const { center, date, on } = saved as Record<string, unknown>;
  return {
    center: typeof center === 'number' && Number.isInteger(center) && center > 0 ? center : undefined,
    date: on === today && typeof date === 'string' && isCalendarDay(date) ? date : undefined,
  };
}

/** Remembers the user's center and day (kept: what is not given), noting the day it was chosen on. */
export function rememberCenterDay(userId: number | undefined, value: CenterDay, today: string, storage: Store = localStorage): void {
  if (userId === undefined) return;
  const before = rememberedCenterDay(userId, today, storage);
  const next = { center: value.center ?? before.center, date: value.date ?? before.date, on: today };
  if (next.center === before.center && next.date === before.date && storage.getItem(storageKey(userId)) !== null) return;
  try {
    storage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // A full or refused storage keeps the address's choice only.
  }
}
