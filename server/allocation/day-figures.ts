import { tripKm } from '../../common/places.js';
import type { Executor } from '../../db/executor.js';
import type { ProposedDay } from './day-plan.js';
import { storeTripIds } from './day-repository.js';
import { tripDetails } from './repository.js';

/** A plan's figures as the calculator compares them: vehicles used, road km, hours from loading to return, stops planned late. */
export interface DayFigures {
  vehicles: number;
  km: number;
  hours: number;
  late_stops: number;
}

/** The stop warnings that say it is reached after its store's time. */
const LATE_WARNINGS = new Set(['allocation.warnings.lateForWindow', 'allocation.warnings.missesSpecifiedTime']);

const rounded = (value: number) => Math.round(value * 10) / 10;

/** A trip as the figures count it: its vehicle, road km, minutes from loading to return. */
export interface FigureTrip {
  vehicle: number | null;
  km: number;
  minutes: number;
}

export function figures(trips: FigureTrip[], lateStops: number): DayFigures {
  return {
    vehicles: new Set(trips.flatMap((trip) => (trip.vehicle === null ? [] : [trip.vehicle]))).size,
    km: rounded(trips.reduce((sum, trip) => sum + trip.km, 0)),
    hours: rounded(trips.reduce((sum, trip) => sum + trip.minutes, 0) / 60),
    late_stops: lateStops,
  };
}

const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

/** The proposal's trips as the figures count them, and its stores reached late (no plan reaches them in time). */
export function proposedFigureTrips(day: ProposedDay): { trips: FigureTrip[]; lateStops: number } {
  const lateStores = new Set(day.trips.flatMap((trip) => trip.deliveries.filter((d) => day.late.includes(d.id)).map((d) => `${trip.vehicle.id}.${trip.loadingStart.getTime()}.${d.delivery_destination_id}`)));
  return {
    trips: day.trips.map((trip) => ({ vehicle: trip.vehicle.id, km: trip.km, minutes: minutesBetween(trip.loadingStart, trip.back) })),
    lateStops: lateStores.size,
  };
}

/** The proposal's figures: its trips' vehicles, km and hours, and its stores reached late. */
export function proposalFigures(day: ProposedDay): DayFigures {
  const proposed = proposedFigureTrips(day);
  return figures(proposed.trips, proposed.lateStops);
}

/** Stored trips as the figures count them, and their stops reached after their store's time. */
export function storedFigureTrips(trips: Awaited<ReturnType<typeof tripDetails>>): { trips: FigureTrip[]; lateStops: number } {
  const start = (trip: (typeof trips)[number]) => trip.planned_loading_start ?? trip.planned_departure;
  return {
    trips: trips.map((trip) => ({
      vehicle: trip.vehicle_id,
      km: tripKm(trip) ?? 0,
      minutes: start(trip) && trip.planned_arrival ? minutesBetween(new Date(start(trip)!), new Date(trip.planned_arrival)) : 0,
    })),
    lateStops: trips.reduce((sum, trip) => sum + trip.stops.filter((stop) => stop.warnings.some((w) => LATE_WARNINGS.has(w.code))).length, 0),
  };
}

/** The figures of the center's store trips of the day as they stand. */
export async function currentFigures(db: Executor, centerId: number, date: string): Promise<DayFigures> {
  const stored = storedFigureTrips(await tripDetails(db, await storeTripIds(db, centerId, date)));
  return figures(stored.trips, stored.lateStops);
}
