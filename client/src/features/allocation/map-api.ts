/** The check map's calls: trips of a day, a center's directions, a direction's destinations. */
import type { Trip } from '../../shared/trips/types.js';
import { API_URL, http } from '../../app/providers/http.js';
import type { Destination, Direction } from '../../shared/map/types.js';

/** The most rows one list page of the API gives (the masters' page limit). */
export const PAGE_LIMIT = 500;

export interface Page<T> {
  rows: T[];
  total: number;
}

async function page<T>(path: string, params: Record<string, unknown>): Promise<Page<T>> {
  const response = await http.get<T[]>(`${API_URL}${path}`, { params: { _start: 0, _end: PAGE_LIMIT, ...params } });
  const total = Number(response.headers['x-total-count'] ?? response.data.length);
  return { rows: response.data, total: Number.isFinite(total) ? total : response.data.length };
}

/** The store-direct trips of a center on a day, by trip number. */
export async function fetchDayTrips(departmentId: number, date: string): Promise<Trip[]> {
  const { rows } = await page<Trip>('/vehicle_allocation', {
    date_from: date,
    date_to: date,
    department_id: departmentId,
    kind: 'store_direct',
    _sort: 'trip_no',
    _order: 'asc',
  });
  return rows;
}

export async function fetchDirections(departmentId: number): Promise<Direction[]> {
  const { rows } = await page<Direction>('/direction', { department_id: departmentId, _sort: 'code', _order: 'asc' });
  return rows;
}

/** The approved destinations of a direction, in delivery order. */
export function fetchDirectionDestinations(directionId: number): Promise<Page<Destination>> {
  return page<Destination>('/delivery_destination', { direction_id: directionId, temporary: '0', _sort: 'order', _order: 'asc' });
}
