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

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(TOKYO.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
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
