import { describe, expect, it } from 'vitest';
import { formatKm, isLocated } from '../../common/places.js';
import { mapTiles, DEFAULT_TILE_URL } from '../../client/src/app/config.js';
import { tileSource } from '../../common/map-tiles.js';
import { coordinatesText, directionEntries, reportLocationText, entryPoints, nearestEntries, tripEntries, tripMapPoints } from '../../client/src/shared/map/map-logic.js';
import type { Stop } from '../../client/src/shared/trips/types.js';
import type { Destination } from '../../client/src/shared/map/types.js';

const stop = (seq: number, name: string, latitude: number | null, longitude: number | null) =>
  ({ seq, delivery_destination_id: seq * 10, delivery_code: `ST${seq}`, store_name: name, address: '', latitude, longitude, start_time: '06:00', ending_time: '20:00', specified_time: null, planned_arrival: null }) as Stop;

const destination = (id: number, order: number | null): Destination => ({
  id,
  delivery_code: `ST${id}`,
  customer_company_name: 'c',
  customer_store_name: `store ${id}`,
  customer_address: 'a',
  direction_id: 1,
  direction_name: 'd',
  order,
  latitude: 35 + id / 100,
  longitude: 139,
  start_time: null,
  ending_time: null,
  specified_time: null,
});

describe('map points', () => {
  it("numbers a trip's stops 1..n in seq order, whatever order they arrive in", () => {
    const entries = tripEntries([stop(3, 'C', 35.3, 139.3), stop(1, 'A', 35.1, 139.1), stop(2, 'B', 35.2, 139.2)]);
    expect(entries.map((e) => [e.no, e.name])).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
  });

  it("numbers a direction's destinations by delivery order, unnumbered last, then by id", () => {
    const entries = directionEntries([destination(5, null), destination(4, 2), destination(3, 1), destination(2, null), destination(1, 2)]);
    expect(entries.map((e) => e.destinationId)).toEqual([3, 1, 4, 2, 5]);
    expect(entries.map((e) => e.no)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts on the map only the points with coordinates, keeping their numbers', () => {
    const points = entryPoints(tripEntries([stop(1, 'A', 35.1, 139.1), stop(2, 'B', null, null), stop(3, 'C', 35.3, 139.3)]));
    expect(points.map((p) => [p.label, p.title])).toEqual([['1', '1. A'], ['3', '3. C']]);
  });

  it("starts a trip's map at its center when located, a marker of its own kind before the numbered stops", () => {
    const entries = tripEntries([stop(2, 'B', 35.2, 139.2), stop(1, 'A', null, null)]);
    const origin = { label: 'センター', title: '品川センター（出発・帰着）' };
    const points = tripMapPoints({ origin_latitude: 35.6, origin_longitude: 139.7 }, entries, origin);
    expect(points.map((p) => [p.key, p.kind ?? 'point', p.label, p.title, p.latitude, p.longitude])).toEqual([
      ['origin', 'origin', 'センター', '品川センター（出発・帰着）', 35.6, 139.7],
      ['stop-2', 'point', '2', '2. B', 35.2, 139.2],
    ]);
    expect(tripMapPoints({ origin_latitude: null, origin_longitude: 139.7 }, entries, origin).map((p) => p.key)).toEqual(['stop-2']);
  });

  it('keeps the server order of the nearest search', () => {
    const rows = [{ ...destination(9, null), distance_km: 0.01 }, { ...destination(2, null), distance_km: 1.5 }];
    expect(nearestEntries(rows).map((e) => [e.no, e.destinationId, e.distanceKm])).toEqual([[1, 9, 0.01], [2, 2, 1.5]]);
  });

  it('shows coordinates with six decimals and distances in km with two', () => {
    expect(coordinatesText(35.6148, 139.7496)).toBe('35.614800, 139.749600');
    expect(coordinatesText(null, 139)).toBeNull();
    expect(formatKm(1.23456)).toBe('1.23 km');
    expect(isLocated(91, 0)).toBe(false);
    expect(isLocated(Number.NaN, 0)).toBe(false);
  });

  it("shows a delivery's 報告場所 from the driver app as coordinates, a place written as text as it is", () => {
    expect(reportLocationText('35.6148,139.7496')).toBe('35.614800, 139.749600');
    expect(reportLocationText(' -33.8688 , 151.2093 ')).toBe('-33.868800, 151.209300');
    expect(reportLocationText('品川区東品川2-1 店舗裏口')).toBe('品川区東品川2-1 店舗裏口');
    expect(reportLocationText('95,139'), 'not a place on Earth: kept as written').toBe('95,139');
    expect(reportLocationText(null)).toBe('');
  });
});

describe('map tiles', () => {
  it('has no tiles when configured none or off, else the configured or default URL', () => {
    expect(mapTiles('none')).toBeNull();
    expect(mapTiles(' OFF ')).toBeNull();
    expect(mapTiles('')).toBe(DEFAULT_TILE_URL);
    expect(mapTiles('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });

  it("gives the content security policy the tiles' scheme and host, a {s} subdomain as a wildcard", () => {
    expect(tileSource(undefined)).toBe('https://cyberjapandata.gsi.go.jp');
    expect(tileSource('http://tiles.local:8080/osm/{z}/{x}/{y}.png')).toBe('http://tiles.local:8080');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('off')).toBeNull();
  });
});
