import { routeText, tripLabel } from '../../common/allocation.js';
import { formatDate, formatDateTime } from '../../common/time.js';
import type { CsvRecord } from '../http/csv.js';
import type { Translate } from '../i18n.js';
import type { TripRow } from './repository.js';

/**
 * The trip list's CSV export (配車一覧): one row per trip, as the list names and formats it, with what the
 * list folds into one cell (planned times, load, marks) in columns of their own, and the actual times
 * and expenses the list leaves to the trip's page: what a planner or an accountant sorts in Excel.
 */
const COLUMNS = [
  'date',
  'trip_no',
  'route_name',
  'department_name',
  'kind',
  'route',
  'delivery_company_name',
  'vehicle_number',
  'vehicle_type_name',
  'driver_name',
  'status',
  'confirmed_at',
  'pinned',
  'trip_mode',
  'load_unit',
  'receive_timing',
  'planned_loading_start',
  'planned_departure',
  'planned_arrival',
  'loading_started_at',
  'departed_at',
  'completed_at',
  'stop_count',
  'quantity',
  'weight',
  'volume',
  'toll',
  'parking',
  'other_expense',
  'updated_by_name',
  'updated_at',
] as const;

type Column = (typeof COLUMNS)[number];

export const tripExportHeader = (t: Translate): CsvRecord => COLUMNS.map((column) => t(`tripScreens.fields.${column}`));

function cell(t: Translate, trip: TripRow, column: Column): string | number | null {
  switch (column) {
    case 'date':
      return formatDate(trip.date);
    case 'route_name':
      return tripLabel(trip, t);
    case 'kind':
      return t(`tripScreens.kind.${trip.kind}`);
    case 'route':
      return routeText(trip);
    case 'status':
      return t(`tripScreens.status.${trip.status}` as 'tripScreens.status.0');
    case 'pinned':
      return trip.pinned ? t('tripScreens.fields.pinned') : '';
    case 'trip_mode':
      return t(`tripScreens.tripMode.${trip.trip_mode}` as 'tripScreens.tripMode.0');
    case 'load_unit':
      return t(`deliveries.loadUnit.${trip.load_unit}` as 'deliveries.loadUnit.0');
    case 'receive_timing':
      return trip.receive_timing === null ? '' : t(`tripScreens.receiveTiming.${trip.receive_timing}` as 'tripScreens.receiveTiming.0');
    case 'confirmed_at':
    case 'planned_loading_start':
    case 'planned_departure':
    case 'planned_arrival':
    case 'loading_started_at':
    case 'departed_at':
    case 'completed_at':
    case 'updated_at':
      return formatDateTime(trip[column]);
    default:
      return trip[column] ?? null;
  }
}

/** One export row per trip, its cells in the header's order. */
export const tripExportCells = (t: Translate, trip: TripRow): CsvRecord => COLUMNS.map((column) => cell(t, trip, column));
