/**
 * The reports (帳票, `/download/<slug>`): what each asks for and the formats it comes in. The server
 * builds each route's query schema from this; the client builds each report's form from it.
 * `GET /api/report/<slug>?…&format=pdf|xlsx|csv[&encoding=utf8|sjis]` answers the file.
 */
import { addDays, DELIVERY_RANGE_MAX_DAYS, isCalendarDay } from './deliveries.js';

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const CSV_ENCODINGS = ['utf8', 'sjis'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/**
 * How a report's period is chosen: `day` and `week` ask `date` (a week is the Monday-to-Sunday
 * week holding it), `month` asks `month` (YYYY-MM), `range` asks `date_from` and `date_to`.
 */
export type ReportPeriod = 'day' | 'week' | 'month' | 'range';
/** Optional narrowing, each an id: a center (with its subtree), a delivery company, a driver. */
export type ReportFilter = 'department_id' | 'delivery_company_id' | 'driver_id';

/** Amounts a report asks for (yen, whole numbers), with their bounds: 軽油単価 for 日次経費. */
export const REPORT_AMOUNTS = {
  fuel_price: { min: 1, max: 999 },
} as const;
export type ReportAmount = keyof typeof REPORT_AMOUNTS;

/**
 * 軽油単価 (yen per litre) 日次経費 starts from where a center has never entered one, shown as 「既定値」:
 * about the price a Japanese carrier pays for 軽油 at the pump. Once a center downloads the report with
 * a price, the next one starts from that price (the server keeps the last per center).
 */
export const DEFAULT_FUEL_PRICE = 170;
/** Where a starting 軽油単価 comes from: the center's last entry, or `DEFAULT_FUEL_PRICE`. */
export type FuelPriceSource = 'center' | 'default';

/** Yes/no choices a report offers, each off unless asked: `all_stops` lists every stop reached in 荷待ち・荷役記録, not only waits of 30 minutes or more. */
export const REPORT_SWITCHES = ['all_stops'] as const;
export type ReportSwitch = (typeof REPORT_SWITCHES)[number];

export interface ReportDefinition {
  period: ReportPeriod;
  filters: readonly ReportFilter[];
  formats: readonly ReportFormat[];
  /** also takes `vehicle_allocation_id`: one trip, printed from its page (not a filter of the report's form) */
  oneTrip?: boolean;
  /** amounts the form asks for, each required */
  amounts?: readonly ReportAmount[];
  /** yes/no choices the form offers, each off unless ticked */
  switches?: readonly ReportSwitch[];
  /** the permission area when not `report`: `sales_report` keeps the customers' fees from carriers */
  area?: 'sales_report';
}

export const REPORTS = {
  'delivery-operation': { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['pdf'], oneTrip: true },
  'vehicle-chart': { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['pdf'] },
  'dalivery-daily-report-all': { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['pdf', 'xlsx'] },
  'daily-summary': { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'] },
  'weekly-summary': { period: 'week', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'] },
  'monthly-summary': { period: 'month', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'] },
  'invoice-store-directly': { period: 'month', filters: ['department_id', 'delivery_company_id'], formats: ['pdf'] },
  'invoice-between-center': { period: 'month', filters: ['department_id', 'delivery_company_id'], formats: ['pdf'] },
  'working-time-record': { period: 'range', filters: ['department_id', 'delivery_company_id', 'driver_id'], formats: ['xlsx', 'pdf'] },
  'attendance-record': { period: 'month', filters: ['department_id', 'delivery_company_id', 'driver_id'], formats: ['xlsx', 'pdf'] },
  'daily-expense': { period: 'day', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'], amounts: ['fuel_price'] },
  'daily-sales-report': { period: 'day', filters: ['department_id'], formats: ['xlsx', 'csv'], area: 'sales_report' },
  'payroll-accounting': { period: 'month', filters: ['department_id', 'delivery_company_id', 'driver_id'], formats: ['xlsx', 'csv'] },
  'waiting-loading-record': { period: 'range', filters: ['department_id', 'delivery_company_id', 'driver_id'], formats: ['xlsx', 'csv', 'pdf'], switches: ['all_stops'] },
  'load-efficiency': { period: 'month', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'] },
  'co2-emissions': { period: 'month', filters: ['department_id', 'delivery_company_id'], formats: ['xlsx', 'csv'] },
} as const satisfies Record<string, ReportDefinition>;

export type ReportSlug = keyof typeof REPORTS;
export const REPORT_SLUGS = Object.keys(REPORTS) as ReportSlug[];

export const isReportSlug = (slug: string): slug is ReportSlug => Object.hasOwn(REPORTS, slug);

/** The permission area a report is checked against: `report` unless its declaration names another. */
export function reportArea(slug: string): 'report' | NonNullable<ReportDefinition['area']> {
  const report: ReportDefinition | undefined = isReportSlug(slug) ? REPORTS[slug] : undefined;
  return report?.area ?? 'report';
}

/** The longest range a `range` report covers, in days (both ends counted): the delivery list's. */
export const REPORT_RANGE_DAYS_MAX = DELIVERY_RANGE_MAX_DAYS;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month written YYYY-MM whose days are calendar days (isCalendarDay: 2000 to 2099). */
export const isCalendarMonth = (text: string) => MONTH_PATTERN.test(text) && isCalendarDay(`${text}-01`);

export interface PeriodQuery {
  date?: string;
  month?: string;
  date_from?: string;
  date_to?: string;
}

/** The first and last calendar day (YYYY-MM-DD) a report covers, from its period's parameters. */
export function periodDays(period: ReportPeriod, query: PeriodQuery): { from: string; to: string } {
  switch (period) {
    case 'day':
      return { from: query.date!, to: query.date! };
    case 'week': {
      const weekday = new Date(`${query.date!}T00:00:00Z`).getUTCDay();
      const from = addDays(query.date!, -((weekday + 6) % 7));
      return { from, to: addDays(from, 6) };
    }
    case 'month': {
      const [year, month] = query.month!.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return { from: `${query.month!}-01`, to: `${query.month!}-${String(last).padStart(2, '0')}` };
    }
    case 'range':
      return { from: query.date_from!, to: query.date_to! };
  }
}
