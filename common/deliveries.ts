/**
 * Rules of the delivery list (配送一覧) that the screens and the server both apply: the bounded date
 * range, the statuses, the list's columns and sorts, and the CSV import's columns.
 */

/** A list, export or search covers at most this many calendar days, both ends included. */
export const DELIVERY_RANGE_MAX_DAYS = 31;

/** 0 未配車, 1 配車済, 2 配送中, 3 配達完了 */
export const DELIVERY_STATUS = { unallocated: 0, allocated: 1, inTransit: 2, delivered: 3 } as const;
export const DELIVERY_STATUSES = [0, 1, 2, 3] as const;
/** 0 定刻, 1 遅延, 2 遅延見込 */
/** Which of the locales' unit lists follows a quantity: loadUnitOne after exactly 1 (1 pallet, 2 pallets; 1パレット, 2パレット). */
export const unitListFor = (quantity: unknown) => (Number(quantity) === 1 ? 'loadUnitOne' : 'loadUnit');

export const DELAY_STATUS = { onTime: 0, delayed: 1, atRisk: 2 } as const;
export const DELAY_STATUSES = [0, 1, 2] as const;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one), as a UTC midnight in ms; else null. */
export function dayNumber(text: string): number | null {
  const match = CALENDAR_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 2000 || year > 2099) return null;
  return ms;
}

export const isCalendarDay = (text: string) => dayNumber(text) !== null;

const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to`, both included (1 for a single day); null when either is not a day. */
export function daysInRange(from: string, to: string): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return null;
  return Math.round((b - a) / DAY_MS) + 1;
}

export type RangeProblem = 'date_from' | 'date_to' | 'order' | 'tooLong';

/** What is wrong with a list's date range, or null: both days real, in order, at most 31 days. */
export function dateRangeProblem(from: string, to: string): RangeProblem | null {
  if (dayNumber(from) === null) return 'date_from';
  if (dayNumber(to) === null) return 'date_to';
  const days = daysInRange(from, to)!;
  if (days < 1) return 'order';
  return days > DELIVERY_RANGE_MAX_DAYS ? 'tooLong' : null;
}

/** `day` moved by `delta` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, delta: number): string {
  const ms = dayNumber(day);
  if (ms === null) throw new Error(`not a calendar day: ${day}`);
  return new Date(ms + delta * DAY_MS).toISOString().slice(0, 10);
}

/** Today in Asia/Tokyo, YYYY-MM-DD. */
export function tokyoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The list's columns in their default order: the export's columns and the column settings' names. */
export const DELIVERY_COLUMNS = [
  'date',
  'department_name',
  'delivery_route',
  'driver_name',
  'vehicle_number',
  'delivery_company_name',
  'status',
  'delivery_delay_status',
  'estimated_arrival_time',
  'delivery_code',
  'store_name',
  'customer_company_name',
  'address',
  'order_number',
  'slip_number',
  'item_code',
  'item_name',
  'quantity',
  'load_unit',
  'volume',
  'weight',
  'report_time',
  'report_location',
  'updated_at',
] as const;
export type DeliveryColumn = (typeof DELIVERY_COLUMNS)[number];

/** `_sort` values the list accepts; `date` (then id) is the default. */
export const DELIVERY_SORTS = ['date', 'slip_number', 'estimated_arrival_time', 'store_name', 'status', 'delivery_route', 'driver_name'] as const;
export type DeliverySort = (typeof DELIVERY_SORTS)[number];

/** The import CSV's columns, in template order; `date` and `center_code` may be left out. */
export const DELIVERY_CSV_COLUMNS = [
  'date',
  'delivery_code',
  'slip_number',
  'quantity',
  'load_unit',
  'customer_code',
  'order_number',
  'item_code',
  'item_name',
  'volume',
  'weight',
  'center_code',
] as const;
export type DeliveryCsvColumn = (typeof DELIVERY_CSV_COLUMNS)[number];
export const DELIVERY_CSV_REQUIRED: readonly DeliveryCsvColumn[] = ['delivery_code', 'slip_number', 'quantity'];

/** Text limits of a delivery's own fields (the columns' sizes). */
export const DELIVERY_LIMITS = { slip_number: 30, order_number: 30, item_code: 30, item_name: 100 } as const;
/** The most a quantity may be (cases, pallets or cage carts of one slip line). */
export const DELIVERY_QUANTITY_MAX = 100_000;
