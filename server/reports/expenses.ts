import { columnsOf } from './files.js';
import { type Cell, type ColumnSpec, type ReportContext, type Table, tableFile } from './report.js';
import { type CostedTrip, odometersOf, tripsWithCosts } from './repository.js';
import { groupBy, reportHeading } from './rules.js';
import { tripKms } from './trip-costs.js';

/**
 * 日次経費: per vehicle, the day's distance, the fuel it used at the price the user gives (軽油単価),
 * the tolls, parking and other expenses its drivers entered on its trips, and what it all cost.
 *
 * Distance: the odometer (メーター) when one driver drove the vehicle all day and drove no other, and
 * recorded both readings on their 出退勤; otherwise the trips' estimated km added up (推定), as the
 * invoices charge them. Fuel: distance ÷ the vehicle's fuel economy (km/L), to 0.1 L; its cost is
 * those litres at the price, in whole yen.
 */

export type DistanceSource = 'meter' | 'planned' | 'partlyPlanned';

export interface VehicleExpense {
  vehicleNumber: string;
  vehicleType: string;
  company: string;
  centers: string;
  trips: number;
  km: number | null;
  source: DistanceSource | null;
  economy: number | null;
  litres: number | null;
  fuel: number | null;
  toll: number;
  parking: number;
  other: number;
  total: number;
}

/** The fuel a distance takes at an economy, to 0.1 L, and its cost at a price per litre; null without either. */
export function fuelOf(km: number | null, economy: number | null, price: number): { litres: number | null; fuel: number | null } {
  if (km === null || economy === null || economy <= 0) return { litres: null, fuel: null };
  const litres = Math.round((km / economy) * 10) / 10;
  return { litres, fuel: Math.round(litres * price) };
}

/** The vehicle's distance: the odometer of its one driver who drove nothing else, else its trips' estimated km. */
export function distanceOf(trips: CostedTrip[], kms: Map<number, number | null>, odometer: { start: number; end: number } | undefined, soleDriver: boolean) {
  if (soleDriver && odometer && odometer.end >= odometer.start) return { km: odometer.end - odometer.start, source: 'meter' as const };
  const known = trips.map((trip) => kms.get(trip.id) ?? null).filter((km): km is number => km !== null);
  if (known.length === 0) return { km: null, source: null };
  const km = Math.round(known.reduce((sum, value) => sum + value, 0) * 10) / 10;
  return { km, source: known.length === trips.length ? ('planned' as const) : ('partlyPlanned' as const) };
}

const sum = (trips: CostedTrip[], pick: (trip: CostedTrip) => number | null) => trips.reduce((total, trip) => total + (pick(trip) ?? 0), 0);

async function vehicleExpenses(context: ReportContext): Promise<VehicleExpense[]> {
  const { db } = context;
  const trips = (await tripsWithCosts(db, context.request.actor, context.period, context.filters)).filter((trip) => trip.vehicle_id !== null);
  const kms = await tripKms(db, trips);
  const byVehicle = groupBy(trips, (trip) => trip.vehicle_id!);
  const vehiclesOfDriver = groupBy(trips, (trip) => trip.driver_id);
  const driverIds = [...vehiclesOfDriver.keys()].filter((id): id is number => id !== null);
  const odometers = await odometersOf(db, context.period.from, driverIds);
  return [...byVehicle.values()].map((own) => {
    const [first] = own as [CostedTrip];
    const drivers = new Set(own.map((trip) => trip.driver_id));
    const soleDriver = drivers.size === 1 && first.driver_id !== null && new Set(vehiclesOfDriver.get(first.driver_id)!.map((trip) => trip.vehicle_id)).size === 1;
    const { km, source } = distanceOf(own, kms, first.driver_id === null ? undefined : odometers.get(first.driver_id), soleDriver);
    const { litres, fuel } = fuelOf(km, first.avg_fuel_economy, context.query.fuel_price!);
    const [toll, parking, other] = [sum(own, (trip) => trip.toll), sum(own, (trip) => trip.parking), sum(own, (trip) => trip.other_expense)];
    return {
      vehicleNumber: first.vehicle_number ?? '',
      vehicleType: first.vehicle_type_name ?? '',
      company: first.company_name ?? '',
      centers: [...new Set(own.map((trip) => trip.department_name))].join('・'),
      trips: own.length,
      km,
      source,
      economy: first.avg_fuel_economy,
      litres,
      fuel,
      toll,
      parking,
      other,
      total: (fuel ?? 0) + toll + parking + other,
    };
  });
}

const YEN = '#,##0';
const COLUMNS: ColumnSpec[] = [
  ['reports.expense.vehicle', 14],
  ['reports.expense.vehicleType', 12],
  ['reports.expense.company', 18],
  ['reports.expense.centers', 16],
  ['reports.expense.trips', 6, '#,##0'],
  ['reports.expense.km', 10, '#,##0.0'],
  ['reports.expense.source', 12],
  ['reports.expense.economy', 10, '0.0'],
  ['reports.expense.litres', 9, '#,##0.0'],
  ['reports.expense.fuel', 10, YEN],
  ['reports.expense.toll', 10, YEN],
  ['reports.expense.parking', 10, YEN],
  ['reports.expense.other', 10, YEN],
  ['reports.expense.total', 12, YEN],
];

const costsOf = (line: Pick<VehicleExpense, 'fuel' | 'toll' | 'parking' | 'other' | 'total'>): Cell[] => [line.fuel, line.toll, line.parking, line.other, line.total];

/** The totals row: every figure added up (a distance or fuel not known adds nothing). */
function totalsOf(lines: VehicleExpense[]) {
  const add = (pick: (line: VehicleExpense) => number | null) => lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    trips: add((line) => line.trips),
    km: round1(add((line) => line.km)),
    litres: round1(add((line) => line.litres)),
    fuel: add((line) => line.fuel),
    toll: add((line) => line.toll),
    parking: add((line) => line.parking),
    other: add((line) => line.other),
    total: add((line) => line.total),
  };
}

export async function dailyExpense(context: ReportContext) {
  const { t } = context.request;
  const lines = await vehicleExpenses(context);
  const totals = totalsOf(lines);
  const title = t('reports.expense.title');
  const source = (value: DistanceSource | null) => (value === null ? t('reports.expense.unknown') : t(`reports.expense.sources.${value}`));
  const table: Table = {
    sheet: title,
    columns: columnsOf(t, COLUMNS),
    rows: lines.map((line) => [line.vehicleNumber, line.vehicleType, line.company, line.centers, line.trips, line.km, source(line.source), line.economy, line.litres, ...costsOf(line)]),
    totals: () => [t('reports.common.total'), '', '', '', totals.trips, totals.km, '', '', totals.litres, ...costsOf(totals)],
  };
  const heading = reportHeading(context, title);
  heading.lines.splice(1, 0, t('reports.expense.fuelPrice', { price: context.query.fuel_price }));
  return tableFile(heading, table);
}
