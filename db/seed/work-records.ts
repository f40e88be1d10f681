import type { Insertable } from 'kysely';
import { addDays, tokyoToday } from '../../common/deliveries.js';
import type { DriverWorkRecordTable } from '../types.js';
import { randomSource } from './network.js';

const MINUTE = 60_000;
const at = (day: string, hours: number, minutes = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + (hours * 60 + minutes) * MINUTE);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

const BREAK = 30;
const DRIVE_BEFORE_BREAK = 180;

/** A 30-minute break after every 3 h of driving, unless under 50 minutes remain (so no stretch exceeds 4 h), on 5-minute marks. */
function breaksOf(departure: Date, end: Date): { start: string; end: string }[] {
  const breaks: { start: string; end: string }[] = [];
  let cursor = departure.getTime() + DRIVE_BEFORE_BREAK * MINUTE;
  while (end.getTime() - cursor > 50 * MINUTE) {
    const start = Math.floor(cursor / (5 * MINUTE)) * 5 * MINUTE;
    breaks.push({ start: new Date(start).toISOString(), end: new Date(start + BREAK * MINUTE).toISOString() });
    cursor = start + (BREAK + DRIVE_BEFORE_BREAK) * MINUTE;
  }
  return breaks;
}

/** What a seeded trip tells about its driver's day. */
export interface SeededTrip {
  date: string;
  department_id: number;
  trip_no: number;
  driver_id: number;
  planned_loading_start: Date;
  departed_at: Date | null;
  completed_at: Date | null;
}

/**
 * Each driver's recorded days from their trips: clock in half an hour before loading, out half an
 * hour after the trip ends, a break after every 3 h of driving, odometer and alcohol checks; today
 * what has happened by `asOf`: the clock in, and the whole day once the driver has clocked out. On the day before `today` the first center's trip 2 driver stays late (13 h 30 min: a warning) and trip 3's works 15 h 20 min
 * (a violation). Deterministic for a given day.
 */
export function workRecordsOf(trips: SeededTrip[], asOf: Date): Insertable<DriverWorkRecordTable>[] {
  const today = tokyoToday(asOf);
  const random = randomSource(20261124);
  const yesterday = addDays(today, -1);
  const firstCenter = trips[0]?.department_id;
  const odometer = new Map<number, number>();
  const records: Insertable<DriverWorkRecordTable>[] = [];
  for (const trip of trips) {
    // Every seeded day up to today: a driver on a trip that day clocked in (出勤簿 shows no 欠勤 on a day the driver drove).
    if (trip.date > today) continue;
    const clockIn = plus(trip.planned_loading_start, -30);
    if (clockIn > asOf) continue;
    const clockedOut = trip.completed_at !== null && plus(trip.completed_at, 30) <= asOf;
    if (trip.date === today && !clockedOut) {
      records.push({ driver_id: trip.driver_id, date: trip.date, clock_in: clockIn, alcohol_check_before: 0, checker: '点呼担当' });
      continue;
    }
    if (!trip.departed_at || !trip.completed_at) continue;
    let start = clockIn;
    let clockOut = plus(trip.completed_at, 30);
    let note: string | null = null;
    if (trip.date === yesterday && trip.department_id === firstCenter && trip.trip_no === 2) {
      clockOut = plus(start, 13 * 60 + 30);
      note = '月末棚卸の応援';
    } else if (trip.date === yesterday && trip.department_id === firstCenter && trip.trip_no === 3) {
      start = at(trip.date, 5, 30);
      clockOut = plus(start, 15 * 60 + 20);
      note = '積込遅れ・渋滞';
    }
    const breaks = breaksOf(trip.departed_at, trip.completed_at).filter((b) => Date.parse(b.end) <= clockOut.getTime());
    const from = odometer.get(trip.driver_id) ?? random.int(20_000, 180_000);
    const to = from + random.int(60, 140);
    odometer.set(trip.driver_id, to);
    records.push({
      driver_id: trip.driver_id,
      date: trip.date,
      clock_in: start,
      clock_out: clockOut,
      breaks: JSON.stringify(breaks),
      break_minutes: breaks.length * BREAK,
      departure_at: trip.departed_at,
      return_at: trip.completed_at,
      odometer_start: from,
      odometer_end: to,
      alcohol_check_before: 0,
      alcohol_check_after: 0,
      checker: '点呼担当',
      note,
    });
  }
  return records;
}
