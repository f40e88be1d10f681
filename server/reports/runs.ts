import { loadEfficiency, loadRate, runHandlingMinutes } from '../../common/records.js';
import type { Executor } from '../../db/executor.js';
import type { Actor } from '../auth/actor.js';
import { odometerDays, runTrips, tripHandling, type RunTrip } from './records-repository.js';
import type { Period, ReportFilters } from './report.js';
import { drivenKms, type KmSource, plannedRoutes } from './trip-costs.js';

/**
 * The runs (運行) of a period: its completed trips in scope, each with its load rate, its km driven and
 * loaded (drivenKms: the odometer when known, else the planned round), 実車率 and 積載効率, and its
 * 荷待ち + 荷役 (null when no stop was reached). What 積載効率, CO2 and the home page read.
 */
export interface Run extends RunTrip {
  rate: number | null;
  measure: ReturnType<typeof loadRate>['measure'];
  km: number | null;
  loadedKm: number | null;
  kmSource: KmSource | null;
  loadedShare: number | null;
  efficiency: number | null;
  handlingMinutes: number | null;
}

export async function runsOf(db: Executor, actor: Actor, period: Period, filters: ReportFilters): Promise<Run[]> {
  const trips = await runTrips(db, actor, period, filters);
  const ids = trips.map((trip) => trip.id);
  const driverIds = [...new Set(trips.flatMap((trip) => (trip.driver_id === null ? [] : [trip.driver_id])))];
  const [planned, odometers, handling] = await Promise.all([plannedRoutes(db, trips), odometerDays(db, period, driverIds), tripHandling(db, ids)]);
  const kms = drivenKms(trips, planned, odometers);
  return trips.map((trip) => {
    const { rate, measure } = loadRate(trip, trip);
    const { km, loadedKm, source } = kms.get(trip.id)!;
    const figures = loadEfficiency([{ rate, loadedKm, totalKm: km }]);
    const stops = handling.get(trip.id);
    return {
      ...trip,
      rate,
      measure,
      km,
      loadedKm,
      kmSource: source,
      loadedShare: figures.loadedShare,
      efficiency: figures.efficiency,
      handlingMinutes: stops ? runHandlingMinutes(stops) : null,
    };
  });
}
