/**
 * Date ranges of the operational lists (deliveries, trips): both ends required, at most 31 days.
 * The server refuses a longer range; the screens keep the picker within it.
 */
export const MAX_RANGE_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string): number | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(time);
  if (date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) return null;
  return time / DAY_MS;
}

/** Days covered by `from`..`to` inclusive (1 for a single day); null when either is not a YYYY-MM-DD day or `to` is before `from`. */
export function rangeDays(from: string, to: string): number | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null || end === null || end < start) return null;
  return end - start + 1;
}

/** A range the lists accept: two calendar days, in order, at most MAX_RANGE_DAYS days. */
export function isAcceptedRange(from: string, to: string): boolean {
  const days = rangeDays(from, to);
  return days !== null && days <= MAX_RANGE_DAYS;
}

/** Today's calendar day in Asia/Tokyo, YYYY-MM-DD. */
export function tokyoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
