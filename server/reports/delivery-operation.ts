import { unitListFor } from '../../common/deliveries.js';
import { keyIn } from '../../common/locales/index.js';
import { formatDate, formatDateTime } from '../../common/time.js';
import { LOAD_UNIT } from '../../common/enums.js';
import type { StoredWarning } from '../../db/types.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { reportHtml } from './files.js';
import { pdfFile, type ReportContext } from './report.js';
import { tripsWithStops, type ReportTrip } from './repository.js';
import { reportHeading, timeOfDay } from './rules.js';

/** 配送運行指示書: one A4 page per trip of the day, for the driver to carry and sign. */

const figure = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toLocaleString('ja-JP'));
const clock = (at: Date | string | null) => timeOfDay(at) || '—';
const translated = (t: Translate, warnings: StoredWarning[]) => warnings.map((warning) => t(warning.code, warning.params));

/**
 * 「09:00指定」「08:00〜12:00」 (08:00–12:00 in English): what the store asks for, as the board shows it;
 * each part kept whole, the cell breaking only between them.
 */
function storeTimes(t: Translate, stop: ReportTrip['stops'][number]): string[] {
  const specified = stop.specified_time ? `${stop.specified_time.slice(0, 5)}${t('reports.deliveryOperation.specified')}` : '';
  const window = stop.start_time || stop.ending_time ? t('app.range', { from: stop.start_time?.slice(0, 5) ?? '', to: stop.ending_time?.slice(0, 5) ?? '' }) : '';
  const parts = [specified, window].filter(Boolean);
  return parts.length > 0 ? parts : ['—'];
}

function tripView(t: Translate, trip: ReportTrip) {
  /** The unit after a quantity: 「カゴ車」; in English 1 cage cart, 10 cage carts. */
  const unit = (quantity: number | null) => t(keyIn(`deliveryScreens.${unitListFor(quantity)}`, String(trip.load_unit)));
  const capacity = trip.load_unit === LOAD_UNIT.pallet ? trip.pallet_capacity : trip.cage_cart_capacity;
  const totalQuantity = trip.stops.reduce((sum, stop) => sum + stop.quantity, 0);
  const totalWeight = trip.stops.reduce((sum, stop) => sum + stop.weight, 0);
  return {
    id: trip.id,
    date: formatDate(trip.date),
    center: trip.department_name,
    name: t('reports.deliveryOperation.tripNo', { no: trip.trip_no }),
    route: [trip.route_name, trip.direction_name].filter(Boolean).join(' ／ ') || '—',
    vehicle: [trip.vehicle_number, trip.vehicle_type_name].filter(Boolean).join(' ／ ') || '—',
    driver: trip.driver_name ?? '—',
    company: trip.delivery_company_name ?? '—',
    load: t('reports.deliveryOperation.loadOf', { quantity: figure(trip.quantity), unit: unit(trip.quantity), weight: figure(trip.weight) }),
    capacity:
      capacity === null && trip.max_loading_capacity === null
        ? ''
        : t('reports.deliveryOperation.capacityOf', { quantity: figure(capacity) || '—', unit: unit(capacity), weight: figure(trip.max_loading_capacity) || '—' }),
    loadingStart: clock(trip.planned_loading_start),
    departure: clock(trip.planned_departure),
    return: clock(trip.planned_arrival),
    confirmed: trip.confirmed_at ? t('reports.deliveryOperation.confirmed', { at: formatDateTime(trip.confirmed_at) }) : null,
    warnings: translated(t, trip.warnings),
    totalQuantity: figure(totalQuantity),
    totalWeight: figure(totalWeight),
    stops: trip.stops.map((stop) => ({
      seq: stop.seq,
      code: stop.delivery_code,
      store: stop.store_name,
      address: stop.address ?? '',
      phone: stop.phone ?? '',
      window: storeTimes(t, stop),
      plannedArrival: clock(stop.planned_arrival),
      warnings: translated(t, stop.warnings),
      quantity: t('reports.deliveryOperation.quantityOf', { quantity: figure(stop.quantity), unit: unit(stop.quantity) }),
      weight: figure(stop.weight),
      slips: [...new Set(stop.deliveries.map((delivery) => delivery.slip_number))],
    })),
  };
}

export async function deliveryOperation({ db, request, period, filters }: ReportContext) {
  const { t } = request;
  const trips = await tripsWithStops(db, request.actor, period, filters);
  if (trips.length === 0) throw new AppError(404, 'reports.errors.noTrips');
  const html = reportHtml('delivery-operation', {
    lang: request.locale,
    title: t('reports.deliveryOperation.title'),
    labels: t('reports.deliveryOperation', { returnObjects: true }),
    common: t('reports.common', { returnObjects: true }),
    printed: reportHeading({ request, period }, '').lines.slice(1).join('　'),
    trips: trips.map((trip) => tripView(t, trip)),
  });
  return pdfFile(html);
}
