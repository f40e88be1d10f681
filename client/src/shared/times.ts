import { formatDateTime } from '../../../common/time.js';
import type { Translate } from '../app/providers/translate.js';

/** HH:mm of an instant in Tokyo. */
export function timeOf(instant: string | null | undefined): string {
  return formatDateTime(instant).slice(11);
}

/** HH:mm when the instant falls on `day` (YYYY-MM-DD, Tokyo), else YYYY/MM/DD HH:mm: a day's table reads its times at a glance. */
export function timeOnDay(day: string, instant: string | null | undefined): string {
  const full = formatDateTime(instant);
  return full.startsWith(day.replaceAll('-', '/')) ? full.slice(11) : full;
}

/** A time window as the store master holds it (HH:mm or HH:mm:ss): 06:00〜11:00, 06:00–11:00 in English. */
export function windowText(start: string | null, end: string | null, t: Translate): string {
  if (!start && !end) return '';
  return t('app.range', { from: (start ?? '').slice(0, 5), to: (end ?? '').slice(0, 5) });
}
