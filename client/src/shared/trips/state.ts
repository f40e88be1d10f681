/**
 * The trip screens' rules as plain functions (tests/client/trip-state.test.ts): list filters ↔ the
 * API's query, the route a trip runs, and the planned times between the form (Tokyo wall-clock
 * time in a picker) and the API (instants).
 */
import { stringifyTableParams, type CrudFilter, type CrudFilters } from '@refinedev/core';
import { daysBetween, TRIP_RANGE_MAX_DAYS, TRIP_STATUS } from '../../../../common/allocation.js';
import { pageTotals } from '../deliveries/page-totals.js';
import { isCalendarDay } from '../../../../common/deliveries.js';
import type { CsvEncoding } from '../../../../common/reports.js';
import { formatDateTime } from '../../../../common/time.js';
import type { TripFilters } from '../../../../server/allocation/schemas.js';
import { TRIP_KINDS, TRIP_STATUSES, type Trip, type TripKind } from './kinds.js';
import { centerDayQuery } from './center-day.js';

/** The trip list's conditions: the API's (server/allocation/schemas.ts), shared by its pages and its CSV export. */
export type TripSearch = TripFilters;

const ID_FIELDS = ['department_id', 'delivery_company_id', 'vehicle_id', 'driver_id'] as const;

export function tripSearchToFilters(search: TripSearch): CrudFilters {
  const filters: CrudFilters = [
    { field: 'date_from', operator: 'eq', value: search.date_from },
    { field: 'date_to', operator: 'eq', value: search.date_to },
  ];
  for (const field of ID_FIELDS) if (search[field] !== undefined) filters.push({ field, operator: 'eq', value: search[field] });
  if (search.kind) filters.push({ field: 'kind', operator: 'eq', value: search.kind });
  if (search.status && search.status.length > 0) filters.push({ field: 'status', operator: 'eq', value: search.status });
  return filters;
}

const toId = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
};

/**
 * Filters back to a search (from the URL after a reload, where every value is text): unknown or
 * malformed values dropped, a missing or too long range replaced by today.
 */
export function filtersToTripSearch(filters: CrudFilters, today: string): TripSearch {
  const value = (field: string) => (filters.find((f) => 'field' in f && f.field === field) as CrudFilter | undefined)?.value as unknown;
  const from = value('date_from');
  const to = value('date_to');
  const ranged =
    typeof from === 'string' && typeof to === 'string' && isCalendarDay(from) && isCalendarDay(to) && daysBetween(from, to) >= 0 && daysBetween(from, to) < TRIP_RANGE_MAX_DAYS;
  const search: TripSearch = { date_from: ranged ? from : today, date_to: ranged ? to : today };
  for (const field of ID_FIELDS) {
    const id = toId(value(field));
    if (id !== undefined) search[field] = id;
  }
  const kind = value('kind');
  if (TRIP_KINDS.includes(kind as TripKind)) search.kind = kind as TripKind;
  const raw = value('status');
  const statuses = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .map((s) => Number(s))
    .filter((s): s is (typeof TRIP_STATUSES)[number] => (TRIP_STATUSES as readonly number[]).includes(s));
  if (statuses.length > 0) search.status = [...new Set(statuses)];
  return search;
}

/** The trip list's CSV export of a search, in an encoding: the list's conditions as the API takes them. */
export function tripExportPath(search: TripSearch, encoding: CsvEncoding): string {
  const query = new URLSearchParams([
    ['date_from', search.date_from],
    ['date_to', search.date_to],
  ]);
  for (const field of ID_FIELDS) if (search[field] !== undefined) query.append(field, String(search[field]));
  if (search.kind) query.append('kind', search.kind);
  for (const status of search.status ?? []) query.append('status', String(status));
  query.append('encoding', encoding);
  return `/vehicle_allocation/export?${query.toString()}`;
}

/** A trip's detail page, for every kind: the specification has one, under 店舗直送. */
export const tripDetailPath = (id: number) => `/store-direct/detail/${id}`;

/** The board a trip is planned on, at its center and day: 店舗直送, or the between-centers page of its kind. */
export function tripBoardPath(trip: Pick<Trip, 'kind' | 'department_id' | 'date'>): string {
  const page = trip.kind === 'store_direct' ? 'store-direct' : trip.kind.replaceAll('_', '-');
  return `/${page}?${centerDayQuery(trip.department_id, trip.date)}`;
}

/** 配車一覧 of a trip's day at its center: where its form returns after a save. */
export function tripListPath(trip: Pick<Trip, 'department_id' | 'date'>): string {
  const filters = tripSearchToFilters({ date_from: trip.date, date_to: trip.date, department_id: trip.department_id });
  return `/vehicle-allocation?${stringifyTableParams({ filters, sorters: [] })}`;
}

/** The page's trips that run (cancelled ones carry nothing): how many, their quantity per load unit and weight. */
export function tripTotals(trips: readonly Pick<Trip, 'status' | 'quantity' | 'load_unit' | 'weight' | 'volume'>[]) {
  const running = trips.filter((trip) => trip.status !== TRIP_STATUS.cancelled);
  return { count: running.length, ...pageTotals(running) };
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** An instant as the Tokyo wall-clock time a picker shows, `YYYY-MM-DD HH:mm`; null for none. */
export function toTokyoWallTime(instant: string | null | undefined): string | null {
  const text = formatDateTime(instant);
  return text ? text.replace(/\//g, '-') : null;
}

/** A Tokyo wall-clock time `YYYY-MM-DD HH:mm` as the instant the API stores (`…T08:30:00+09:00`); null for none. */
export function fromTokyoWallTime(wall: string | null | undefined): string | null {
  const match = wall ? WALL_TIME.exec(wall) : null;
  if (!match) return null;
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00+09:00`;
}

/** Planned loading start ≤ departure ≤ arrival, for the ones given. */
export function timesInOrder(times: readonly (string | null | undefined)[]): boolean {
  const given = times.filter((time): time is string => Boolean(time)).map((time) => Date.parse(time));
  return given.every((time, index) => index === 0 || time >= given[index - 1]!);
}

/** Kinds that run between two centers (origin and destination) rather than to a direction's stores. */
export const isBetweenCenters = (kind: TripKind | undefined) => kind === 'between_centers_before' || kind === 'between_centers_today';
