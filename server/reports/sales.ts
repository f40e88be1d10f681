import { columnsOf } from './files.js';
import { type Cell, type ColumnSpec, type ReportContext, type Table, tableFile } from './report.js';
import { type CostedTrip, customerSales, namesOf, tripsWithCosts } from './repository.js';
import { groupBy, reportHeading } from './rules.js';
import { tripCharge, tripKms } from './trip-costs.js';

/**
 * 日次売上報告: per center and customer, the day's shipping fees (運賃売上: each store's fee once per day
 * it receives deliveries) with the stores, slips, quantity and weight behind them; under each center
 * its trips' charges (運送費: every trip of the day not cancelled, at its unit price, as the invoices
 * charge it) and the gross margin (粗利). Department users only (the `sales_report` area).
 */

type SalesRow = Awaited<ReturnType<typeof customerSales>>[number];

/** A center's day: its customers' sales added up, its trips and what they cost. */
export interface CenterDay {
  stores: number;
  unpricedStores: number;
  deliveries: number;
  quantity: number;
  weight: number;
  sales: number;
  trips: number;
  unpricedTrips: number;
  charges: number;
}

const emptyDay = (): CenterDay => ({ stores: 0, unpricedStores: 0, deliveries: 0, quantity: 0, weight: 0, sales: 0, trips: 0, unpricedTrips: 0, charges: 0 });

/** The gross margin and its rate (per cent, one decimal; null without sales). */
export function marginOf(sales: number, charges: number): { margin: number; rate: number | null } {
  return { margin: sales - charges, rate: sales === 0 ? null : Math.round(((sales - charges) / sales) * 1000) / 10 };
}

function addSales(day: CenterDay, row: SalesRow) {
  day.stores += row.stores;
  day.unpricedStores += row.unpriced_stores;
  day.deliveries += row.deliveries;
  day.quantity += row.quantity;
  day.weight = Math.round((day.weight + row.weight) * 100) / 100;
  day.sales += row.sales;
}

function addTrips(day: CenterDay, trips: CostedTrip[], kms: Map<number, number | null>) {
  for (const trip of trips) {
    const { amount } = tripCharge(trip, kms.get(trip.id) ?? null);
    day.trips += 1;
    if (amount === null) day.unpricedTrips += 1;
    else day.charges += amount;
  }
}

const YEN = '#,##0';
const COLUMNS: ColumnSpec[] = [
  ['reports.sales.center', 16],
  ['reports.sales.customer', 22],
  ['reports.sales.stores', 9, '#,##0'],
  ['reports.sales.unpricedStores', 10, '#,##0'],
  ['reports.sales.deliveries', 9, '#,##0'],
  ['reports.sales.quantity', 9, '#,##0'],
  ['reports.sales.weight', 11, '#,##0.0'],
  ['reports.sales.sales', 12, YEN],
  ['reports.sales.trips', 7, '#,##0'],
  ['reports.sales.unpricedTrips', 10, '#,##0'],
  ['reports.sales.charges', 12, YEN],
  ['reports.sales.margin', 12, YEN],
  ['reports.sales.marginRate', 9, '0.0'],
];

const salesCells = (day: Pick<CenterDay, 'stores' | 'unpricedStores' | 'deliveries' | 'quantity' | 'weight' | 'sales'>): Cell[] => [
  day.stores,
  day.unpricedStores,
  day.deliveries,
  day.quantity,
  day.weight,
  day.sales,
];

function dayCells(day: CenterDay): Cell[] {
  const { margin, rate } = marginOf(day.sales, day.charges);
  return [...salesCells(day), day.trips, day.unpricedTrips, day.charges, margin, rate];
}

export async function dailySales(context: ReportContext) {
  const { t } = context.request;
  const { db } = context;
  const { actor } = context.request;
  const sales = await customerSales(db, actor, context.period, context.filters);
  const trips = await tripsWithCosts(db, actor, context.period, context.filters);
  const kms = await tripKms(db, trips);
  const salesOf = groupBy(sales, (row) => row.department_id);
  const tripsOf = groupBy(trips, (trip) => trip.department_id);
  const centerIds = [...new Set([...salesOf.keys(), ...tripsOf.keys()])];
  const names = (await namesOf(db, centerIds, [])).departments;
  const name = (id: number) => names.get(id) ?? '';
  const rows: Cell[][] = [];
  const total = emptyDay();
  for (const id of centerIds.sort((a, b) => name(a).localeCompare(name(b), 'ja'))) {
    const day = emptyDay();
    const customers = (salesOf.get(id) ?? []).sort((a, b) => a.customer.localeCompare(b.customer, 'ja'));
    for (const row of customers) {
      rows.push([name(id), row.customer, ...salesCells({ ...row, unpricedStores: row.unpriced_stores })]);
      addSales(day, row);
    }
    addTrips(day, tripsOf.get(id) ?? [], kms);
    rows.push([name(id), t('reports.sales.subtotal'), ...dayCells(day)]);
    for (const key of Object.keys(total) as (keyof CenterDay)[]) total[key] = key === 'weight' ? Math.round((total.weight + day.weight) * 100) / 100 : total[key] + day[key];
  }
  const title = t('reports.sales.title');
  const table: Table = {
    sheet: title,
    columns: columnsOf(t, COLUMNS),
    rows,
    totals: () => [t('reports.common.total'), '', ...dayCells(total)],
  };
  return tableFile(reportHeading(context, title), table);
}
