/** How the screens show a day and a time (pickers and lists alike). */
export const DATE_DISPLAY_FORMAT = 'YYYY/MM/DD';
export const DATE_TIME_DISPLAY_FORMAT = 'YYYY/MM/DD HH:mm';

/** Dates are shown as YYYY/MM/DD HH:mm in Asia/Tokyo, whatever the browser's or server's zone. */
const TOKYO = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Instant = string | number | Date | null | undefined;

function tokyoParts(value: Instant): Record<string, string> | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return Object.fromEntries(TOKYO.formatToParts(date).map((p) => [p.type, p.value]));
}

/** YYYY/MM/DD HH:mm in Asia/Tokyo; '' for no value or an unreadable one. */
export function formatDateTime(value: Instant): string {
  const parts = tokyoParts(value);
  return parts ? `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}` : '';
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * YYYY/MM/DD. A calendar day (`2024-04-01`, a unit price's 適用開始日) is shown as it is, never
 * shifted by a time zone; an instant is shown as its day in Asia/Tokyo.
 */
export function formatDate(value: Instant): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) return `${day[1]}/${day[2]}/${day[3]}`;
  const parts = tokyoParts(value);
  return parts ? `${parts.year}/${parts.month}/${parts.day}` : '';
}

/** HH:mm → minutes since midnight, or null when the text is not a time. */
export function minutesOf(hhmm: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The specification's rule: the end time must come after the start time. */
export function isEndAfterStart(start: string, end: string): boolean {
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s !== null && e !== null && e > s;
}

/** Minutes as H:mm (hours not padded, may exceed 24: 912 → 15:12, 17040 → 284:00); negative with a sign. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.round(Math.abs(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const TOKYO_OFFSET_MINUTES = 9 * 60;

/** Minutes since midnight in Asia/Tokyo of an instant (a Date or its ms); Japan keeps no summer time. */
export function tokyoMinutes(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return Math.floor((ms / 60_000 + TOKYO_OFFSET_MINUTES) % 1440);
}

/** The instant of a calendar day's HH:mm in Asia/Tokyo. */
export function tokyoInstant(date: string, hhmm: string): Date {
  return new Date(`${date}T${hhmm}:00+09:00`);
}

/** Minutes since midnight as HH:mm (the day's clock). */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
