import { clockOf, formatDateTime, tokyoMinutes } from '../../common/time.js';
import { type PeriodQuery, periodDays, type ReportPeriod } from '../../common/reports.js';
import { invalid } from '../errors.js';
import type { Translate } from '../i18n.js';
import { rangeErrors } from '../deliveries/rules.js';
import type { Heading, Period, ReportContext } from './report.js';

/** A report's rules: the period it covers, its figures, its file's name. */

/** The first and last day a report covers (the schema refuses a day that does not exist); a range out of order or too long is refused naming the field. */
export function reportPeriod(t: Translate, period: ReportPeriod, query: PeriodQuery): Period {
  const errors = period === 'range' ? rangeErrors(t, query.date_from ?? '', query.date_to ?? '') : undefined;
  if (errors) throw invalid(errors);
  return periodDays(period, query);
}

/** `daily-summary_2026-11-28.csv`, `weekly-summary_2026-11-23_2026-11-29.xlsx`. */
export function fileName(slug: string, { from, to }: Period, extension: string): string {
  return `${slug}_${from}${to === from ? '' : `_${to}`}.${extension}`;
}

/** Deliveries made without delay among those delivered, in per cent with one decimal; null when none were delivered. */
export function onTimeRate(onTime: number, delivered: number): number | null {
  return delivered === 0 ? null : Math.round((onTime / delivered) * 1000) / 10;
}

/** The title and the lines under it: the period, when it was printed and by whom. */
export function reportHeading({ request, period }: Pick<ReportContext, 'request' | 'period'>, title: string): Heading {
  const { t } = request;
  const day = (value: string) => value.replaceAll('-', '/');
  return {
    title,
    lines: [
      period.from === period.to ? day(period.from) : t('reports.common.period', { from: day(period.from), to: day(period.to) }),
      t('reports.common.printedAt', { at: formatDateTime(new Date()) }),
      t('reports.common.printedBy', { name: request.actor.name }),
    ],
  };
}

/** HH:mm in Asia/Tokyo of an instant, '' for none: a day's report shows times, not dates. */
export function timeOfDay(at: Date | string | null): string {
  return at === null ? '' : clockOf(tokyoMinutes(new Date(at)));
}

/** Items by a key, each group in the items' order (Node 20 has no Map.groupBy). */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
