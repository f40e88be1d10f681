/** The trip screens' rules: filters ↔ query, routes, and planned times between the form and the API. */
import { parseTableParams, type CrudFilters } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import {
  filtersToTripSearch,
  fromTokyoWallTime,
  timesInOrder,
  toTokyoWallTime,
  tripBoardPath,
  tripListPath,
  tripExportPath,
  tripTotals,
  tripSearchToFilters,
} from '../../client/src/shared/trips/state.js';
import { importQuery } from '../../client/src/shared/components/csv-import.js';
import { routeText } from '../../common/allocation.js';

const TODAY = '2026-11-23';

describe('trip list filters', () => {
  it('export the list’s conditions as the API takes them, repeated statuses and the encoding included', () => {
    expect(tripExportPath({ date_from: '2026-11-20', date_to: '2026-11-23', department_id: 3, kind: 'store_direct', status: [2, 3] }, 'sjis')).toBe(
      '/vehicle_allocation/export?date_from=2026-11-20&date_to=2026-11-23&department_id=3&kind=store_direct&status=2&status=3&encoding=sjis',
    );
    expect(tripExportPath({ date_from: TODAY, date_to: TODAY }, 'utf8')).toBe(`/vehicle_allocation/export?date_from=${TODAY}&date_to=${TODAY}&encoding=utf8`);
  });

  it('map a search to filters and back (the URL gives every value back as text)', () => {
    const search = { date_from: '2026-11-20', date_to: '2026-11-23', department_id: 3, kind: 'store_direct' as const, status: [0, 1] };
    const filters = tripSearchToFilters(search);
    expect(filters).toEqual([
      { field: 'date_from', operator: 'eq', value: '2026-11-20' },
      { field: 'date_to', operator: 'eq', value: '2026-11-23' },
      { field: 'department_id', operator: 'eq', value: 3 },
      { field: 'kind', operator: 'eq', value: 'store_direct' },
      { field: 'status', operator: 'eq', value: [0, 1] },
    ]);
    expect(filtersToTripSearch(filters, TODAY)).toEqual(search);
    const fromUrl = filters.map((filter) => ({
      ...filter,
      value: Array.isArray(filter.value) ? (filter.value as unknown[]).map(String) : String(filter.value),
    })) as CrudFilters;
    expect(filtersToTripSearch(fromUrl, TODAY)).toEqual(search);
  });

  it('drop unknown kinds, statuses and ids, and fall back to today for a bad range', () => {
    const search = filtersToTripSearch(
      [
        { field: 'date_from', operator: 'eq', value: '2026-01-01' },
        { field: 'date_to', operator: 'eq', value: '2026-11-23' },
        { field: 'kind', operator: 'eq', value: 'flying' },
        { field: 'vehicle_id', operator: 'eq', value: 'abc' },
        { field: 'driver_id', operator: 'eq', value: '12' },
        { field: 'status', operator: 'eq', value: '9' },
        { field: 'status_extra', operator: 'eq', value: '1' },
      ],
      TODAY,
    );
    expect(search).toEqual({ date_from: TODAY, date_to: TODAY, driver_id: 12, status: [9] });
    expect(filtersToTripSearch([{ field: 'status', operator: 'eq', value: ['4', '2', '2'] }], TODAY).status).toEqual([2]);
  });
});

describe('routes', () => {
  const base = { origin_department_name: null, destination_department_name: null, direction_name: null };
  it('reads origin → destination between centers and the direction for store direct', () => {
    expect(routeText({ ...base, kind: 'between_centers_today', origin_department_name: '品川センター', destination_department_name: '横浜センター' })).toBe(
      '品川センター → 横浜センター',
    );
    expect(routeText({ ...base, kind: 'between_centers_before', origin_department_name: '品川センター' })).toBe('品川センター → —');
    expect(routeText({ ...base, kind: 'between_centers_before' })).toBe('');
    expect(routeText({ ...base, kind: 'store_direct', direction_name: '城南方面' })).toBe('城南方面');
  });
  it("leads back to the board the trip is planned on, at its center and day", () => {
    const trip = { department_id: 7, date: '2026-11-26' };
    expect(tripBoardPath({ ...trip, kind: 'store_direct' })).toBe('/store-direct?date=2026-11-26&department_id=7');
    expect(tripBoardPath({ ...trip, kind: 'between_centers_before' })).toBe('/between-centers-before?date=2026-11-26&department_id=7');
    expect(tripBoardPath({ ...trip, kind: 'between_centers_today' })).toBe('/between-centers-today?date=2026-11-26&department_id=7');
  });
  it('leads a saved trip’s form to 配車一覧 of its day at its center', () => {
    const path = tripListPath({ department_id: 7, date: '2026-11-26' });
    expect(path.startsWith('/vehicle-allocation?')).toBe(true);
    const filters = parseTableParams(path.slice(path.indexOf('?'))).parsedFilters;
    expect(filtersToTripSearch(filters, TODAY)).toEqual({ date_from: '2026-11-26', date_to: '2026-11-26', department_id: 7 });
  });
});

describe('the trip list totals', () => {
  it('counts the trips that run and adds their quantity per load unit and weight; a cancelled trip carries nothing', () => {
    const trip = (status: number, quantity: number, load_unit: number, weight: number) => ({ status, quantity, load_unit, weight, volume: 0 });
    const totals = tripTotals([trip(0, 12, 0, 3819), trip(1, 9, 1, 1012.5), trip(3, 4, 1, 400), trip(9, 30, 1, 9000)]);
    expect(totals.count).toBe(3);
    expect(totals.quantity).toEqual({ '0': 12, '1': 13 });
    expect(totals.weight).toBe(5231.5);
    expect(tripTotals([]).count).toBe(0);
  });
});

describe('planned times', () => {
  it('show an instant as Tokyo wall-clock time and send it back with the +09:00 offset', () => {
    expect(toTokyoWallTime('2026-11-22T23:30:00Z')).toBe('2026-11-23 08:30');
    expect(toTokyoWallTime(null)).toBeNull();
    expect(fromTokyoWallTime('2026-11-23 08:30')).toBe('2026-11-23T08:30:00+09:00');
    expect(Date.parse(fromTokyoWallTime(toTokyoWallTime('2026-11-22T23:30:00.000Z'))!)).toBe(Date.parse('2026-11-22T23:30:00Z'));
    expect(fromTokyoWallTime('08:30')).toBeNull();
  });

  it('must follow loading start, departure, arrival, ignoring the empty ones', () => {
    expect(timesInOrder(['2026-11-23T08:00:00+09:00', null, '2026-11-23T09:00:00+09:00'])).toBe(true);
    expect(timesInOrder(['2026-11-23T08:00:00+09:00', '2026-11-23T07:59:00+09:00'])).toBe(false);
    expect(timesInOrder([null, undefined])).toBe(true);
  });
});

describe('CSV import parameters', () => {
  it('are sent as a query, and a missing one holds the check back', () => {
    expect(importQuery(undefined)).toBe('');
    expect(importQuery({ date: '2026-11-23' })).toBe('?date=2026-11-23');
    expect(importQuery({ date: undefined })).toBeUndefined();
    expect(importQuery({ date: '' })).toBeUndefined();
  });
});
