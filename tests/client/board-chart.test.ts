/** The board's 配車表: its rows, rounds, a drag's write and the drivers' remaining binding time. */
import { describe, expect, it } from 'vitest';
import {
  bindingAfterMove,
  dayRows,
  moveChanges,
  movedFields,
  remainingBinding,
  roundsOf,
  type BoardDriver,
} from '../../client/src/features/allocation/store-direct/chart-logic.js';
import type { Board, TripDetail } from '../../client/src/shared/trips/types.js';

const day = '2026-12-10';
const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+09:00`).toISOString();

const trip = (id: number, vehicle_id: number | null, driver_id: number | null, start: string, end: string) =>
  ({
    id,
    version: 3,
    trip_no: id,
    vehicle_id,
    driver_id,
    planned_loading_start: at(start),
    planned_departure: at(start),
    planned_arrival: at(end),
  }) as TripDetail;

const driver = (id: number, default_vehicle_id: number | null, binding: Partial<BoardDriver['binding']> = {}): BoardDriver => ({
  id,
  name: `D${id}`,
  delivery_company_id: 1,
  default_vehicle_id,
  busy: false,
  binding: { minutes: 780, start: null, end: null, ...binding },
});

const vehicle = (id: number) => ({
  id,
  vehicle_number: `V${id}`,
  vehicle_type_name: '4t車',
  delivery_company_name: null,
  pallet_capacity: 10,
  cage_cart_capacity: 20,
  max_loading_capacity: 4000,
  busy: false,
});

const board = { vehicles: [vehicle(1), vehicle(2), vehicle(3)], drivers: [driver(11, 1), driver(12, 2), driver(13, null)] } as Pick<Board, 'vehicles' | 'drivers'>;

describe('the 配車表 rows', () => {
  it('lists every vehicle, with the driver of its first trip, else its regular driver, and 車両未定 last when a trip has none', () => {
    const trips = [trip(1, 1, 13, '13:00', '16:00'), trip(2, 1, 11, '06:00', '10:00'), trip(3, null, null, '08:00', '09:00')];
    const rows = dayRows(board, trips);
    expect(rows.map((row) => [row.vehicleId, row.driver?.id ?? null])).toEqual([
      [1, 11],
      [2, 12],
      [3, null],
      [null, null],
    ]);
  });

  it('numbers each vehicle’s trips by their start: the second is its 2回転目', () => {
    const rounds = roundsOf([trip(1, 1, 11, '13:00', '16:00'), trip(2, 1, 11, '06:00', '10:00'), trip(3, 2, 12, '08:00', '09:00')]);
    expect([rounds.get(1), rounds.get(2), rounds.get(3)]).toEqual([2, 1, 1]);
  });
});

describe('a move on the 配車表', () => {
  const trips = [trip(1, 1, 11, '06:00', '10:00'), trip(2, 2, 12, '12:00', '18:00')];
  const rows = dayRows(board, trips);

  it('writes the row’s vehicle and driver, and every planned time shifted; undo gets the fields as they were', () => {
    const changes = moveChanges({ trip: trips[0]!, minutes: 30, vehicleId: 2 }, rows);
    expect(changes).toEqual({ vehicle_id: 2, driver_id: 12, planned_loading_start: at('06:30'), planned_departure: at('06:30'), planned_arrival: at('10:30') });
    expect(movedFields(trips[0]!, changes)).toEqual({ vehicle_id: 1, driver_id: 11, planned_loading_start: at('06:00'), planned_departure: at('06:00'), planned_arrival: at('10:00') });
    expect(moveChanges({ trip: trips[0]!, minutes: -15, vehicleId: 1 }, rows)).toEqual({
      planned_loading_start: at('05:45'),
      planned_departure: at('05:45'),
      planned_arrival: at('09:45'),
    });
    expect(moveChanges({ trip: trips[0]!, minutes: 0, vehicleId: 3 }, rows), 'a row without a driver: the trip keeps its own').toEqual({ vehicle_id: 3 });
  });

  it('counts a driver’s binding from his first start to his last end, with his work besides the board', () => {
    expect(remainingBinding(driver(11, 1), trips)).toBe(780 - 4 * 60);
    expect(remainingBinding(driver(13, null), trips), 'no trips: the whole limit').toBe(780);
    // A transfer 04:00-05:00 elsewhere: bound 04:00-10:00.
    expect(remainingBinding(driver(11, 1, { start: at('04:00'), end: at('05:00') }), trips)).toBe(780 - 6 * 60);
    expect(remainingBinding(driver(11, 1, { minutes: 200 }), trips), 'the month’s limit nearer than 13 h').toBe(200 - 4 * 60);
  });

  it('judges a drag by the driver the trip would have: past his limit, the remaining time is negative', () => {
    const drivers = [driver(11, 1), driver(12, 2)];
    // D12 runs 12:00-18:00; trip 1 (06:00-10:00) on his vehicle binds him 06:00-18:00: 1 h left.
    expect(bindingAfterMove(trips, { trip: trips[0]!, minutes: 0, vehicleId: 2 }, rows, drivers)).toEqual({ driver: drivers[1], remaining: 60 });
    // Two hours earlier: 04:00-18:00, an hour over.
    expect(bindingAfterMove(trips, { trip: trips[0]!, minutes: -120, vehicleId: 2 }, rows, drivers)?.remaining).toBe(-60);
    expect(bindingAfterMove(trips, { trip: trips[0]!, minutes: 0, vehicleId: 3 }, rows, drivers)?.driver.id, 'to a row without a driver: still his').toBe(11);
  });
});
