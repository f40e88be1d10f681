/**
 * The delivery list's per-user state as plain functions (tests/client/delivery-state.test.ts): the
 * search conditions and the column choice, how they map to the API's query, and how a saved copy
 * (browser keys or the server's `column_config`) is restored against the columns the screen has today.
 */
import type { CrudFilters } from '@refinedev/core';
import { DELAY_STATUSES, DELIVERY_SORTS, DELIVERY_STATUSES, dateRangeProblem } from '../../../../common/deliveries.js';
import type { DeliveryFilters } from '../../../../server/deliveries/schemas.js';

/** Every column of the list, in the default order (the specification's delivery-list row, plus store and status). */
export const DELIVERY_COLUMNS = [
  'date',
  'status',
  'delivery_route',
  'driver_name',
  'delivery_delay_status',
  'estimated_arrival_time',
  'delivery_code',
  'store_name',
  'address',
  'quantity',
  'volume',
  'weight',
  'item_code',
  'item_name',
  'report_time',
  'report_location',
  'order_number',
  'slip_number',
  'department_name',
  'vehicle_number',
  'delivery_company_name',
] as const;
export type DeliveryColumn = (typeof DELIVERY_COLUMNS)[number];

/** Shown only when chosen: who ships and carries it is usually known from the filters. */
export const DEFAULT_HIDDEN: readonly DeliveryColumn[] = ['delivery_code', 'department_name', 'vehicle_number', 'delivery_company_name'];

/** Columns the API sorts by (`_sort`). */
export const SORTABLE: ReadonlySet<string> = new Set(DELIVERY_SORTS);

export interface ColumnConfig {
  /** every column, in the order shown */
  order: string[];
  /** columns not shown */
  hidden: string[];
}

/** The list's conditions: the API's (server/deliveries/schemas.ts), shared by the list and its CSV export. */
export type DeliverySearch = DeliveryFilters;

/** As kept in `delivery-search` and on the server: the day it was saved decides whether its dates still apply. */
export type SavedSearch = Partial<DeliverySearch> & { saved_on?: string };

export { DELAY_STATUSES, DELIVERY_STATUSES };

const ID_FIELDS = ['department_id', 'delivery_company_id', 'driver_id', 'vehicle_allocation_id'] as const;
const LIST_FIELDS = { status: DELIVERY_STATUSES, delivery_delay_status: DELAY_STATUSES } as const;

export function defaultColumns(): ColumnConfig {
  return { order: [...DELIVERY_COLUMNS], hidden: [...DEFAULT_HIDDEN] };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * A saved column choice against today's columns: unknown names dropped, each known name once;
 * a column the saved choice does not know (added since) keeps its default place after the column
 * it follows by default, and is hidden if hidden by default. Nothing saved: the default.
 */
export function mergeColumnConfig(saved: unknown, columns: readonly string[] = DELIVERY_COLUMNS, defaultHidden: readonly string[] = DEFAULT_HIDDEN): ColumnConfig {
  if (!isObject(saved)) return { order: [...columns], hidden: [...defaultHidden] };
  const known = new Set(columns);
  const savedOrder = [...new Set(strings(saved.order).filter((name) => known.has(name)))];
  const remembered = new Set([...savedOrder, ...strings(saved.hidden)]);
  const order = [...savedOrder];
  columns.forEach((name, index) => {
    if (order.includes(name)) return;
    const before = columns.slice(0, index).reverse().find((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, name);
  });
  const hidden = order.filter((name) => (remembered.has(name) ? strings(saved.hidden).includes(name) : defaultHidden.includes(name)));
  // A choice that hides every column would show an empty table: show them all instead.
  return { order, hidden: hidden.length === order.length ? [] : hidden };
}

export function visibleColumns(config: ColumnConfig): string[] {
  return config.order.filter((name) => !config.hidden.includes(name));
}

/** Shows or hides a column; the last visible column stays. */
export function setColumnVisible(config: ColumnConfig, name: string, visible: boolean): ColumnConfig {
  if (visible) return { ...config, hidden: config.hidden.filter((h) => h !== name) };
  if (config.hidden.includes(name) || visibleColumns(config).length <= 1) return config;
  return { ...config, hidden: config.order.filter((n) => n === name || config.hidden.includes(n)) };
}

/** Moves a column one place up (-1) or down (+1); at an end, nothing changes. */
export function moveColumn(config: ColumnConfig, name: string, delta: -1 | 1): ColumnConfig {
  const from = config.order.indexOf(name);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= config.order.length) return config;
  const order = [...config.order];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...config, order };
}

export function defaultSearch(today: string): DeliverySearch {
  return { date_from: today, date_to: today };
}

const positiveInt = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * A saved search, checked field by field (a stale or hand-edited copy never breaks the list). The
 * dates apply only on the day they were saved: a planner opening the list the next morning sees
 * that day's deliveries, with their other conditions kept.
 */
export function restoreSearch(saved: unknown, today: string): DeliverySearch {
  const search = defaultSearch(today);
  if (!isObject(saved)) return search;
  const from = saved.date_from;
  const to = saved.date_to;
  if (saved.saved_on === today && typeof from === 'string' && typeof to === 'string' && dateRangeProblem(from, to) === null) {
    search.date_from = from;
    search.date_to = to;
  }
  for (const field of ID_FIELDS) {
    const id = positiveInt(saved[field]);
    if (id !== undefined) search[field] = id;
  }
  for (const [field, allowed] of Object.entries(LIST_FIELDS) as [keyof typeof LIST_FIELDS, readonly number[]][]) {
    const values = Array.isArray(saved[field]) ? [...new Set((saved[field] as unknown[]).filter((v): v is number => allowed.includes(v as number)))] : [];
    if (values.length > 0) search[field] = values;
  }
  if (typeof saved.q === 'string' && saved.q.trim() !== '') search.q = saved.q.trim();
  return search;
}

export function toSaved(search: DeliverySearch, today: string): SavedSearch {
  return { ...search, saved_on: today };
}

/** The search as the list API's query pairs (`status` repeated), empty conditions left out. */
export function searchToQuery(search: DeliverySearch): [string, string][] {
  const pairs: [string, string][] = [
    ['date_from', search.date_from],
    ['date_to', search.date_to],
  ];
  for (const field of ID_FIELDS) {
    const id = search[field];
    if (id !== undefined) pairs.push([field, String(id)]);
  }
  for (const field of Object.keys(LIST_FIELDS) as (keyof typeof LIST_FIELDS)[]) {
    for (const value of search[field] ?? []) pairs.push([field, String(value)]);
  }
  const q = search.q?.trim();
  if (q) pairs.push(['q', q]);
  return pairs;
}

/** The same conditions as Refine filters (the data provider writes them as the query above). */
export function searchToFilters(search: DeliverySearch): CrudFilters {
  const grouped = new Map<string, string[]>();
  for (const [field, value] of searchToQuery(search)) grouped.set(field, [...(grouped.get(field) ?? []), value]);
  return [...grouped].map(([field, values]) => ({
    field,
    operator: 'eq' as const,
    value: field in LIST_FIELDS ? values : values[0],
  }));
}

/** `/delivery/export?…` for the current conditions, in the chosen encoding. */
export function exportPath(search: DeliverySearch, encoding: 'utf8' | 'sjis'): string {
  const query = new URLSearchParams([...searchToQuery(search), ['encoding', encoding]]);
  return `/delivery/export?${query.toString()}`;
}

/** What the browser and the server keep, and what to restore from, first found first. */
export interface StoredState {
  /** cookie `column_config`: `{delivery: {order, hidden}}` */
  cookie?: unknown;
  /** local `check-hide`: the hidden columns */
  checkHide?: unknown;
  /** local `delivery-search` */
  localSearch?: unknown;
  /** the server's `column_config` (the profile's `config.column_config`, or GET /api/user/column_config) */
  server?: unknown;
}

export interface RestoredState {
  columns: ColumnConfig;
  search: DeliverySearch;
}

const deliveryPart = (config: unknown): Record<string, unknown> | undefined =>
  isObject(config) && isObject(config.delivery) ? config.delivery : undefined;

/**
 * This browser's keys win (the latest choice, even before the server has it); after a logout they are
 * gone and the server's copy restores the same choice.
 */
export function restoreState(stored: StoredState, today: string): RestoredState {
  const server = deliveryPart(stored.server);
  const cookie = deliveryPart(stored.cookie);
  const base = cookie ?? server;
  const checkHide = Array.isArray(stored.checkHide) ? { hidden: strings(stored.checkHide) } : {};
  // `check-hide` alone names every hidden column: the others are shown, in the saved or default order.
  const columns =
    base || Array.isArray(stored.checkHide) ? mergeColumnConfig({ order: DELIVERY_COLUMNS, ...base, ...checkHide }) : defaultColumns();
  const search = restoreSearch(stored.localSearch ?? server?.search, today);
  return { columns, search };
}

/** The body of PUT /api/user/column_config. */
export function columnConfigBody(columns: ColumnConfig, search: DeliverySearch, today: string) {
  return { delivery: { order: columns.order, hidden: columns.hidden, search: toSaved(search, today) } };
}
