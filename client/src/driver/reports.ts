import type { Static } from 'typebox';
import type { DriverTrip as DriverTripSchema } from '../../../server/driver-app/schemas.js';

/** The driver's trip as the API answers it (times as RFC 3339 text on the wire). */
export type DriverTrip = Static<typeof DriverTripSchema>;
export type DriverStop = DriverTrip['stops'][number];

/** What the driver reports from the screen; each becomes one POST of the driver-app API. */
export type TripReportKind = 'loading_start' | 'departure' | 'complete';
export type StopReportKind = 'arrival' | 'wait_start' | 'wait_end' | 'work_start' | 'work_end' | 'confirmation' | 'stop_departure';
export type ClockReportKind = 'clock_in' | 'clock_out';
/** `share`: a note about a stop's place (配送先情報共有), posted like the other reports. */
export type ReportKind = TripReportKind | StopReportKind | ClockReportKind | 'share';

/**
 * A report as the phone keeps it until the server has it: `id` is the report id the server recognises
 * a repeat by; `body` carries the time it was made (`at`), so a report sent late keeps its time.
 */
export interface Report {
  id: string;
  kind: ReportKind;
  tripId?: number;
  seq?: number;
  body: Record<string, unknown>;
}

/** The API path a report is posted to. */
export function pathOf(report: Report): string {
  if (report.kind === 'share') return '/api/driver/shares';
  if (report.kind === 'clock_in' || report.kind === 'clock_out') return `/api/driver/${report.kind}`;
  const trip = `/api/driver/trips/${report.tripId}`;
  if (report.seq === undefined) return `${trip}/${report.kind}`;
  return `${trip}/stops/${report.seq}/${report.kind === 'stop_departure' ? 'departure' : report.kind}`;
}

/** The body sent: the report's own fields and its id. */
export const bodyOf = (report: Report) => ({ ...report.body, report_id: report.id });

type StopPatch = Partial<Omit<DriverStop, 'deliveries'>>;

/** What a stop report changes on the stop, as the server will record it. */
function stopPatch(report: Report, stop: DriverStop): StopPatch {
  const at = report.body.at as string | undefined;
  switch (report.kind) {
    case 'arrival':
      return { arrived_at: at };
    case 'wait_start':
      return { wait_started_at: at };
    case 'wait_end':
      return { wait_ended_at: at, wait_minutes: stop.wait_started_at && at ? minutesBetween(stop.wait_started_at, at) : null };
    case 'work_start':
      return { work_started_at: at };
    case 'work_end':
      return { work_ended_at: at, work_content: (report.body.work_content as string | undefined) ?? null };
    case 'confirmation':
      return { consignee_confirmed: report.body.consignee_confirmed as boolean };
    case 'stop_departure':
      return { departed_at: at };
    default:
      return {};
  }
}

const TRIP_STATUS_AFTER: Record<TripReportKind, number> = { loading_start: 1, departure: 2, complete: 3 };
const TRIP_TIME_OF: Record<TripReportKind, 'loading_started_at' | 'departed_at' | 'completed_at'> = {
  loading_start: 'loading_started_at',
  departure: 'departed_at',
  complete: 'completed_at',
};

export const minutesBetween = (from: string | Date, to: string | Date) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

/**
 * The trips as they will be once the server has the report: what the screen shows while a report
 * waits to be sent (the server's answer replaces it).
 */
export function applyReport(trips: DriverTrip[], report: Report): DriverTrip[] {
  return trips.map((trip) => {
    if (trip.id !== report.tripId) return trip;
    if (report.seq === undefined) {
      const kind = report.kind as TripReportKind;
      return { ...trip, status: TRIP_STATUS_AFTER[kind], [TRIP_TIME_OF[kind]]: report.body.at };
    }
    return { ...trip, stops: trip.stops.map((stop) => (stop.seq === report.seq ? { ...stop, ...stopPatch(report, stop) } : stop)) };
  });
}

/** The next thing to report at a stop, or null once the driver has left it. */
export type StopAction = 'arrival' | 'wait_end' | 'work_end' | 'at_stop' | null;

export function stopAction(stop: DriverStop): StopAction {
  if (stop.departed_at) return null;
  if (!stop.arrived_at) return 'arrival';
  if (stop.wait_started_at && !stop.wait_ended_at) return 'wait_end';
  if (stop.work_started_at && !stop.work_ended_at) return 'work_end';
  return 'at_stop';
}

/** The stop the driver is at or heading to: the first not yet left. */
export const currentStop = (trip: DriverTrip) => trip.stops.find((stop) => !stop.departed_at) ?? null;

/** The trip's next trip-level report: loading, departure, return (帰着) once every stop is left; null when none is due. */
export function tripAction(trip: DriverTrip): TripReportKind | null {
  if (trip.status === 0) return 'loading_start';
  if (trip.status === 1) return 'departure';
  if (trip.status === 2 && trip.stops.every((stop) => stop.departed_at)) return 'complete';
  return null;
}
