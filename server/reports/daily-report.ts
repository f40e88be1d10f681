import { DELIVERY_COLUMNS, DELAY_STATUS, DELIVERY_STATUS, type DeliveryColumn } from '../../common/deliveries.js';
import { exportCells, exportHeader } from '../deliveries/export.js';
import type { DeliveryRowData } from '../deliveries/repository.js';
import type { Translate } from '../i18n.js';
import { reportHtml } from './files.js';
import { type Cell, type Column, type Heading, pdfFile, type ReportContext, sheetsFile } from './report.js';
import { deliveryPages, type ReportTrip, tripsWithStops } from './repository.js';
import { reportHeading, timeOfDay } from './rules.js';

/** 配送日報（全体）: every trip of the day with its times and outcome, then every delivery with what the driver reported. */

const TRIP_COLUMNS = [
  ['deliveries.fields.vehicle_allocation_id', 8],
  ['deliveries.fields.delivery_route', 16],
  ['deliveries.fields.department_name', 14],
  ['deliveries.fields.vehicle_number', 14],
  ['deliveries.fields.driver_name', 12],
  ['deliveries.fields.delivery_company_name', 16],
  ['deliveries.fields.status', 9],
  ['reports.dailyReportAll.stops', 8],
  ['deliveries.fields.quantity', 8],
  ['deliveries.fields.load_unit', 8],
  ['deliveries.fields.weight', 10],
  ['reports.dailyReportAll.loadingStarted', 9],
  ['reports.dailyReportAll.departed', 9],
  ['reports.dailyReportAll.completed', 9],
  ['reports.dailyReportAll.delivered', 8],
  ['reports.dailyReportAll.delayed', 8],
] as const;

/** The trips' columns printed on one line: 便, 車番, 荷姿 and the three times (see DELIVERY_ONE_LINE). */
const TRIP_ONE_LINE = new Set<string>([
  'deliveries.fields.vehicle_allocation_id',
  'deliveries.fields.vehicle_number',
  'deliveries.fields.load_unit',
  'reports.dailyReportAll.loadingStarted',
  'reports.dailyReportAll.departed',
  'reports.dailyReportAll.completed',
]);

const figures = (trip: ReportTrip) => {
  const deliveries = trip.stops.flatMap((stop) => stop.deliveries);
  return {
    delivered: deliveries.filter((delivery) => delivery.status === DELIVERY_STATUS.delivered).length,
    delayed: deliveries.filter((delivery) => delivery.delivery_delay_status === DELAY_STATUS.delayed).length,
  };
};

function tripCells(t: Translate, trip: ReportTrip): Cell[] {
  const { delivered, delayed } = figures(trip);
  return [
    t('reports.deliveryOperation.tripNo', { no: trip.trip_no }),
    [trip.route_name, trip.direction_name].filter(Boolean).join(' ／ '),
    trip.department_name,
    trip.vehicle_number,
    trip.driver_name,
    trip.delivery_company_name,
    t(`tripScreens.status.${trip.status}`),
    trip.stops.length,
    trip.quantity,
    t(`deliveries.loadUnit.${trip.load_unit}`),
    trip.weight,
    timeOfDay(trip.loading_started_at),
    timeOfDay(trip.departed_at),
    timeOfDay(trip.completed_at),
    delivered,
    delayed,
  ];
}

/** The deliveries' columns the printed report shows (the sheet has every column of the delivery list). */
const PRINTED: DeliveryColumn[] = [
  'delivery_code',
  'store_name',
  'slip_number',
  'item_name',
  'quantity',
  'load_unit',
  'weight',
  'status',
  'delivery_delay_status',
  'estimated_arrival_time',
  'report_time',
  'report_location',
];
const printedIndexes = PRINTED.map((column) => DELIVERY_COLUMNS.indexOf(column));
/**
 * The deliveries' columns printed on one line whatever the page's width: codes, slip numbers, 荷姿 and
 * the states are read whole ("カゴ車", not "カゴ" over "車"), and a time split from its date reads as
 * two values. The store's and item's names take the lines instead.
 */
const DELIVERY_ONE_LINE = new Set<DeliveryColumn>(['delivery_code', 'slip_number', 'load_unit', 'status', 'delivery_delay_status', 'estimated_arrival_time', 'report_time']);
/** The reported place breaks after its comma rather than widening its column. */
const printedCell = (column: DeliveryColumn, cell: Cell | undefined) => (column === 'report_location' && typeof cell === 'string' ? cell.replace(/,\s*/, ', ') : cell ?? null);

const tripKey = (id: number | null) => (id === null ? 'none' : String(id));

/** The printed report: the trips' table, then each trip's deliveries in stop order, the unallocated last. */
async function printed(context: ReportContext, heading: Heading, trips: ReportTrip[]) {
  const { t } = context.request;
  const byTrip = new Map<string, { seq: number | null; cells: Cell[] }[]>();
  for await (const page of deliveryPages(context.db, context.request.actor, context.period, context.filters)) {
    for (const row of page) {
      const cells = exportCells(t, row);
      const list = byTrip.get(tripKey(row.vehicle_allocation_id)) ?? [];
      list.push({ seq: row.stop_seq, cells: PRINTED.map((column, i) => printedCell(column, cells[printedIndexes[i]!])) });
      byTrip.set(tripKey(row.vehicle_allocation_id), list);
    }
  }
  const groups = [
    ...trips.map((trip) => ({ title: tripCells(t, trip).slice(0, 6).filter(Boolean).join('　'), rows: byTrip.get(tripKey(trip.id)) ?? [] })),
    { title: t('reports.common.unassigned'), rows: byTrip.get('none') ?? [] },
  ].filter((group) => group.rows.length > 0);
  for (const group of groups) group.rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const html = reportHtml('daily-report-all', {
    lang: context.request.locale,
    landscape: true,
    title: heading.title,
    heading,
    labels: t('reports.dailyReportAll', { returnObjects: true }),
    tripColumns: TRIP_COLUMNS.map(([key]) => ({ header: t(key), oneLine: TRIP_ONE_LINE.has(key) })),
    trips: trips.map((trip) => tripCells(t, trip)),
    deliveryColumns: [
      { header: t('reports.dailyReportAll.seq'), oneLine: true },
      ...PRINTED.map((column) => ({ header: t(`deliveries.fields.${column}`), oneLine: DELIVERY_ONE_LINE.has(column) })),
    ],
    groups,
  });
  return pdfFile(html, { landscape: true });
}

async function* deliveryRows(context: ReportContext, row: (delivery: DeliveryRowData) => Cell[]) {
  for await (const page of deliveryPages(context.db, context.request.actor, context.period, context.filters)) for (const delivery of page) yield row(delivery);
}

/** The sheets: the trips, then every delivery with every column of the delivery list (and its stop). */
function sheets(context: ReportContext, heading: Heading, trips: ReportTrip[]) {
  const { t } = context.request;
  const tripColumns: Column[] = TRIP_COLUMNS.map(([key, width]) => ({ header: t(key), width }));
  const deliveryColumns: Column[] = [t('deliveries.fields.stop_seq'), ...exportHeader(t)].map((header) => ({ header, width: 14 }));
  return sheetsFile(
    heading,
    [
      { sheet: t('reports.dailyReportAll.tripsSheet'), columns: tripColumns, rows: trips.map((trip) => tripCells(t, trip)) },
      { sheet: t('reports.dailyReportAll.deliveriesSheet'), columns: deliveryColumns, rows: deliveryRows(context, (row) => [row.stop_seq, ...exportCells(t, row)]) },
    ],
  );
}

export async function dailyReportAll(context: ReportContext) {
  const { t } = context.request;
  const trips = await tripsWithStops(context.db, context.request.actor, context.period, context.filters);
  const heading = reportHeading(context, t('reports.dailyReportAll.title'));
  return context.query.format === 'pdf' ? printed(context, heading, trips) : sheets(context, heading, trips);
}
