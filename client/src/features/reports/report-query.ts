/**
 * The report page's rules (report-page.tsx), pure: a report's default period, the period as shown,
 * the filters a user gets, the download's query string and the file's name. Everything comes from the
 * report's declaration in common/reports.ts, so a report added there needs nothing here.
 */
import { addDays, tokyoToday } from '../../../../common/deliveries.js';
import type { Area } from '../../../../common/permissions.js';
import {
  type CsvEncoding,
  periodDays,
  type PeriodQuery,
  REPORT_RANGE_DAYS_MAX,
  type ReportAmount,
  type ReportDefinition,
  type ReportFilter,
  type ReportFormat,
  type ReportPeriod,
  type ReportSwitch,
} from '../../../../common/reports.js';
import { formatDate } from '../../../../common/time.js';
import type { Translate } from '../../app/providers/translate.js';

/** A download button or menu item: a format and, for CSV, its encoding. */
export interface DownloadChoice {
  /** `pdf`, `xlsx`, `csv-utf8`, `csv-sjis`: the button's test id after `report-download-` */
  key: string;
  format: ReportFormat;
  encoding?: CsvEncoding;
}

/** The filters' chosen ids; empty (null, absent) = everything in the caller's scope. */
export type FilterValues = Partial<Record<ReportFilter, number | null>>;
/** The amounts the report asks for (軽油単価), each required; its yes/no choices, each off unless ticked. */
export type AmountValues = Partial<Record<ReportAmount, number | null>> & Partial<Record<ReportSwitch, boolean>>;

/** The report's formats as buttons, in its order; CSV is two choices, UTF-8 (with BOM) first. */
export function downloadChoices(formats: readonly ReportFormat[]): DownloadChoice[] {
  return formats.flatMap((format): DownloadChoice[] =>
    format === 'csv'
      ? [
          { key: 'csv-utf8', format, encoding: 'utf8' },
          { key: 'csv-sjis', format, encoding: 'sjis' },
        ]
      : [{ key: format, format }],
  );
}

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (YYYY-MM-DD). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A range in order and at most `maxDays` long: the start kept, the end brought nearer. */
export function clampRange(from: string, to: string, maxDays = REPORT_RANGE_DAYS_MAX): { date_from: string; date_to: string } {
  const [start, end] = from <= to ? [from, to] : [to, from];
  return { date_from: start, date_to: dayCount(start, end) > maxDays ? addDays(start, maxDays - 1) : end };
}

/** The period a report opens with: today, its week, this month, or this month so far (Asia/Tokyo). */
export function defaultPeriod(period: ReportPeriod, today: string = tokyoToday()): PeriodQuery {
  switch (period) {
    case 'day':
    case 'week':
      return { date: today };
    case 'month':
      return { month: today.slice(0, 7) };
    case 'range':
      return clampRange(`${today.slice(0, 7)}-01`, today);
  }
}

/** Only the parameters the period asks for (`date`, `month`, or `date_from` and `date_to`). */
export function periodQuery(period: ReportPeriod, values: PeriodQuery): PeriodQuery {
  switch (period) {
    case 'day':
    case 'week':
      return { date: values.date };
    case 'month':
      return { month: values.month };
    case 'range':
      return { date_from: values.date_from, date_to: values.date_to };
  }
}

/** The days a period covers as a person reads them: `2026/11/23〜2026/11/29` (– in English), or one day alone. */
export function periodText(period: ReportPeriod, values: PeriodQuery, t: Translate): string {
  const { from, to } = periodDays(period, values);
  return from === to ? formatDate(from) : t('app.range', { from: formatDate(from), to: formatDate(to) });
}

/** The master each filter picks from: a user who may not list it does not get the filter. */
export const FILTER_AREAS: Record<ReportFilter, Area> = {
  department_id: 'department',
  delivery_company_id: 'delivery_company',
  driver_id: 'driver',
};

/**
 * The report's filters this user gets: those on a master they may list; a carrier (level 5) never
 * gets the delivery company, its own being implied (the server scopes to it).
 */
export function shownFilters(filters: readonly ReportFilter[], user: { carrier: boolean; canList: (area: Area) => boolean }): ReportFilter[] {
  return filters.filter((name) => !(name === 'delivery_company_id' && user.carrier) && user.canList(FILTER_AREAS[name]));
}

/**
 * `date=…&department_id=…&format=…[&encoding=…]`: the period's parameters, the filters and amounts
 * the report declares that are set, its yes/no choices that are ticked, the format and, for CSV, the encoding.
 */
export function reportQuery(report: ReportDefinition, period: PeriodQuery, filters: FilterValues & AmountValues, choice: DownloadChoice): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(periodQuery(report.period, period))) if (value) params.set(name, value);
  for (const name of [...report.filters, ...(report.amounts ?? [])]) {
    const value = filters[name];
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  for (const name of report.switches ?? []) if (filters[name] === true) params.set(name, 'true');
  params.set('format', choice.format);
  if (choice.format === 'csv') params.set('encoding', choice.encoding ?? 'utf8');
  return params.toString();
}

/** The API path of a download, under /api (downloadFile adds it). */
export function reportPath(slug: string, report: ReportDefinition, period: PeriodQuery, filters: FilterValues & AmountValues, choice: DownloadChoice): string {
  return `/report/${slug}?${reportQuery(report, period, filters, choice)}`;
}

/** `<slug>_<from>[_<to>].<ext>`: one date for a day, both ends for a longer period. */
export function reportFileName(slug: string, period: ReportPeriod, values: PeriodQuery, format: ReportFormat): string {
  const { from, to } = periodDays(period, values);
  return `${slug}_${from}${to === from ? '' : `_${to}`}.${format}`;
}
