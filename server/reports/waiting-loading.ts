import { minutesBetween, RECORDED_WAIT_MINUTES, stopHandlingMinutes } from '../../common/records.js';
import { formatDate } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import { columnsOf, landscapeRecord } from './files.js';
import { handledStops, type HandledStop } from './records-repository.js';
import { type Cell, type ColumnSpec, type Heading, type ReportContext, sheetsFile, type Table, tableFile } from './report.js';
import { groupBy, reportHeading, timeOfDay } from './rules.js';

/**
 * 荷待ち・荷役記録 (貨物自動車運送事業輸送安全規則): each stop of the period whose 荷待ち was 30 minutes or
 * more (every stop reached, on request) with its day, driver, vehicle, place, arrival and departure,
 * waiting start and end, 荷役 start and end and its content, and 荷主確認; then the totals per customer
 * (荷主) and per site (the store). CSV: the stops and their totals row; XLSX: the stops, the customers'
 * and the sites' totals on sheets of their own; PDF: the three as one printed record (A4 landscape).
 */

const N = 'records.waiting';
const MINUTES = '#,##0';

const STOP_COLUMNS: ColumnSpec[] = [
  [`${N}.date`, 11],
  [`${N}.center`, 14],
  [`${N}.company`, 16],
  [`${N}.driver`, 12],
  [`${N}.vehicle`, 14],
  [`${N}.trip`, 6, MINUTES],
  [`${N}.customer`, 18],
  [`${N}.store`, 20],
  [`${N}.address`, 30],
  [`${N}.arrival`, 8],
  [`${N}.departure`, 8],
  [`${N}.waitStart`, 8],
  [`${N}.waitEnd`, 8],
  [`${N}.waitMinutes`, 9, MINUTES],
  [`${N}.workStart`, 8],
  [`${N}.workEnd`, 8],
  [`${N}.workMinutes`, 9, MINUTES],
  [`${N}.workContent`, 22],
  [`${N}.confirmed`, 9],
  [`${N}.handlingMinutes`, 11, MINUTES],
];

const TOTAL_COLUMNS = (first: ColumnSpec): ColumnSpec[] => [
  first,
  [`${N}.stops`, 8, MINUTES],
  [`${N}.recordedStops`, 12, MINUTES],
  [`${N}.waitMinutes`, 10, MINUTES],
  [`${N}.averageWait`, 10, MINUTES],
  [`${N}.longestWait`, 10, MINUTES],
  [`${N}.workMinutes`, 10, MINUTES],
  [`${N}.confirmedStops`, 10, MINUTES],
];

/** A stop as the record prints it. */
function stopLine(t: Translate, stop: HandledStop) {
  const confirmed = stop.consignee_confirmed === null ? '' : t(stop.consignee_confirmed ? `${N}.yes` : `${N}.no`);
  return {
    date: formatDate(stop.date),
    center: stop.department_name,
    company: stop.company_name ?? '',
    driver: stop.driver_name ?? '',
    vehicle: stop.vehicle_number ?? '',
    trip: stop.trip_no,
    customer: stop.customer_name,
    store: stop.store_name,
    address: stop.address,
    arrival: timeOfDay(stop.arrived_at),
    departure: timeOfDay(stop.departed_at),
    waitStart: timeOfDay(stop.wait_started_at),
    waitEnd: timeOfDay(stop.wait_ended_at),
    waitMinutes: stop.wait_minutes,
    workStart: timeOfDay(stop.work_started_at),
    workEnd: timeOfDay(stop.work_ended_at),
    workMinutes: minutesBetween(stop.work_started_at, stop.work_ended_at),
    workContent: stop.work_content ?? '',
    confirmed,
    handlingMinutes: stopHandlingMinutes(stop),
  };
}

type StopLine = ReturnType<typeof stopLine>;

interface Totals {
  name: string;
  stops: number;
  recordedStops: number;
  waitMinutes: number;
  averageWait: number | null;
  longestWait: number | null;
  workMinutes: number;
  confirmedStops: number;
}

/** The stops' totals: how many, how many waited 30 minutes or more, the wait (total, mean, longest), the work, the confirmed. */
function totalsOf(name: string, stops: readonly HandledStop[]): Totals {
  const waits = stops.map((stop) => stop.wait_minutes ?? 0);
  const waitMinutes = waits.reduce((sum, minutes) => sum + minutes, 0);
  return {
    name,
    stops: stops.length,
    recordedStops: waits.filter((minutes) => minutes >= RECORDED_WAIT_MINUTES).length,
    waitMinutes,
    averageWait: stops.length ? Math.round(waitMinutes / stops.length) : null,
    longestWait: stops.length ? Math.max(...waits) : null,
    workMinutes: stops.reduce((sum, stop) => sum + (minutesBetween(stop.work_started_at, stop.work_ended_at) ?? 0), 0),
    confirmedStops: stops.filter((stop) => stop.consignee_confirmed === true).length,
  };
}

const totalCells = (totals: Totals): Cell[] => [
  totals.name,
  totals.stops,
  totals.recordedStops,
  totals.waitMinutes,
  totals.averageWait,
  totals.longestWait,
  totals.workMinutes,
  totals.confirmedStops,
];

const stopCells = (line: StopLine): Cell[] => Object.values(line);

/** Totals per customer and per site (the store, with its customer), each by name. */
function groupTotals(stops: readonly HandledStop[]) {
  const sorted = (groups: Map<string, HandledStop[]>) => [...groups].sort(([a], [b]) => a.localeCompare(b, 'ja')).map(([name, own]) => totalsOf(name, own));
  return {
    customers: sorted(groupBy(stops, (stop) => stop.customer_name)),
    sites: sorted(groupBy(stops, (stop) => `${stop.store_name}（${stop.customer_name}）`)),
  };
}

function stopTable(t: Translate, title: string, stops: readonly HandledStop[]): Table {
  const all = totalsOf(t('reports.common.total'), stops);
  const empty = STOP_COLUMNS.map(() => '' as Cell);
  return {
    sheet: title,
    columns: columnsOf(t, STOP_COLUMNS),
    rows: stops.map((stop) => stopCells(stopLine(t, stop))),
    totals: () => Object.assign([...empty], { 0: all.name, 13: all.waitMinutes, 16: all.workMinutes }),
  };
}

function totalsTable(t: Translate, sheet: string, first: ColumnSpec, lines: Totals[], all: Totals): Table {
  return { sheet, columns: columnsOf(t, TOTAL_COLUMNS(first)), rows: lines.map(totalCells), totals: () => totalCells(all) };
}

function printed(context: ReportContext, heading: Heading, stops: readonly HandledStop[]) {
  const { t } = context.request;
  return landscapeRecord(context, 'waiting-loading-record', heading, N, {
    ...groupTotals(stops),
    stops: stops.map((stop) => stopLine(t, stop)),
    total: totalsOf(t('reports.common.total'), stops),
  });
}

export async function waitingLoadingRecord(context: ReportContext) {
  const { t } = context.request;
  const allStops = context.query.all_stops === true;
  const stops = await handledStops(context.db, context.request.actor, context.period, context.filters, allStops);
  const title = t(`${N}.title`);
  const heading = reportHeading(context, title);
  heading.lines.splice(1, 0, t(allStops ? `${N}.allStops` : `${N}.recordedOnly`, { minutes: RECORDED_WAIT_MINUTES }));
  if (context.query.format === 'pdf') return printed(context, heading, stops);
  const records = stopTable(t, title, stops);
  if (context.query.format === 'csv') return tableFile(heading, records);
  const { customers, sites } = groupTotals(stops);
  const all = totalsOf(t('reports.common.total'), stops);
  return sheetsFile(heading, [
    records,
    totalsTable(t, t(`${N}.byCustomer`), [`${N}.customer`, 20], customers, all),
    totalsTable(t, t(`${N}.bySite`), [`${N}.store`, 28], sites, all),
  ]);
}
