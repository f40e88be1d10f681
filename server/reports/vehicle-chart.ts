import { TRIP_STATUS } from '../../common/allocation.js';
import { barPosition, barSpan, chartRange } from '../../common/day-chart.js';
import { unitListFor } from '../../common/deliveries.js';
import { keyIn } from '../../common/locales/index.js';
import { centerVehicles } from '../allocation/day-repository.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { reportHtml } from './files.js';
import { pdfFile, type ReportContext } from './report.js';
import { tripsWithStops, type ReportTrip } from './repository.js';
import { groupBy, reportHeading, timeOfDay } from './rules.js';

/**
 * 配車表: the day by vehicle on A4 landscape, a page per center. A row per vehicle of the center (those
 * without trips too), then 車両未定; over a time axis of whole hours (the board's chart's: at least
 * 04:00 – 22:00) each trip is a bar with its 便 number, direction (or lane), times and load. Drafts are
 * hatched, confirmed trips solid.
 */

const figure = (value: number) => value.toLocaleString('ja-JP');

function barView(t: Translate, trip: ReportTrip, date: string, range: { from: number; to: number }, round: number) {
  const span = barSpan(date, trip);
  if (!span) return null;
  const { left, width } = barPosition(span, range);
  const unit = t(keyIn(`deliveryScreens.${unitListFor(trip.quantity)}`, String(trip.load_unit)));
  const where = trip.kind === 'store_direct' ? (trip.direction_name ?? trip.route_name ?? '') : `→${trip.destination_department_name ?? ''}`;
  return {
    id: trip.id,
    left: left.toFixed(3),
    width: width.toFixed(3),
    name: [t('reports.deliveryOperation.tripNo', { no: trip.trip_no }), where, round > 1 ? t('reports.vehicleChart.round', { count: round }) : ''].filter(Boolean).join(' '),
    times: `${timeOfDay(trip.planned_loading_start ?? trip.planned_departure)}–${timeOfDay(trip.planned_arrival)}`,
    load: t('reports.vehicleChart.load', { quantity: figure(trip.quantity), unit, weight: figure(trip.weight) }),
    confirmed: trip.confirmed_at !== null,
    done: trip.status === TRIP_STATUS.completed,
  };
}

export async function vehicleChart({ db, request, period, filters }: ReportContext) {
  const { t } = request;
  const date = period.from;
  const trips = await tripsWithStops(db, request.actor, period, filters);
  if (trips.length === 0) throw new AppError(404, 'reports.errors.noTrips');
  const centers = [];
  for (const [centerId, own] of groupBy(trips, (trip) => trip.department_id)) {
    const vehicles = (await centerVehicles(db, request.actor, centerId, date)).filter(
      (v) => filters.delivery_company_id === undefined || v.delivery_company_id === filters.delivery_company_id,
    );
    const range = chartRange(own.map((trip) => barSpan(date, trip)));
    const hours = [];
    for (let m = range.from; m < range.to; m += 60) hours.push({ left: (((m - range.from) / (range.to - range.from)) * 100).toFixed(3), label: String(Math.floor(m / 60) % 24).padStart(2, '0') });
    const rows: { vehicle: string; type: string; drivers: string; trips: ReportTrip[] }[] = vehicles.map((v) => ({ vehicle: v.vehicle_number, type: v.vehicle_type_name ?? '', drivers: '', trips: [] }));
    const byVehicle = new Map(vehicles.map((v, index) => [v.id as number | null, rows[index]!]));
    for (const trip of own) {
      let row = byVehicle.get(trip.vehicle_id);
      if (!row) {
        row = { vehicle: trip.vehicle_number ?? t('reports.vehicleChart.noVehicle'), type: trip.vehicle_type_name ?? '', drivers: '', trips: [] };
        byVehicle.set(trip.vehicle_id, row);
        rows.push(row);
      }
      row.trips.push(trip);
    }
    centers.push({
      name: own[0]!.department_name,
      hours,
      count: own.length,
      rows: rows.map((row) => {
        const ordered = [...row.trips].sort((a, b) => (barSpan(date, a)?.start ?? 0) - (barSpan(date, b)?.start ?? 0) || a.trip_no - b.trip_no);
        return {
          vehicle: row.vehicle,
          type: row.type,
          drivers: [...new Set(ordered.flatMap((trip) => trip.driver_name ?? []))].join('・') || '—',
          bars: ordered.flatMap((trip, index) => barView(t, trip, date, range, index + 1) ?? []),
          untimed: ordered.filter((trip) => !barSpan(date, trip)).map((trip) => t('reports.deliveryOperation.tripNo', { no: trip.trip_no })),
        };
      }),
    });
  }
  const heading = reportHeading({ request, period }, t('reports.vehicleChart.title'));
  const html = reportHtml('vehicle-chart', {
    lang: request.locale,
    landscape: true,
    title: heading.title,
    heading,
    labels: t('reports.vehicleChart', { returnObjects: true }),
    centers,
  });
  return pdfFile(html, { landscape: true });
}
