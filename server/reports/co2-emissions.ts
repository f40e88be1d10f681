import {
  DIESEL_CO2_KG_PER_LITRE,
  fuelEconomyEmission,
  IMPROVED_TON_KM_DIESEL,
  IMPROVED_TON_KM_MIN_RATE,
  improvedTonKm,
} from '../../common/records.js';
import type { Translate } from '../i18n.js';
import { customerWeights } from './records-repository.js';
import { type Cell, type Column, sheetsFile, type ReportContext, type Table, tableFile } from './report.js';
import { reportHeading } from './rules.js';
import { type Run, runsOf } from './runs.js';

/**
 * CO2排出量: per month and customer (荷主), the CO2 of the month's runs by 改良トンキロ法 (payload, load
 * rate by weight, t·km, fuel at the guideline's 燃料使用原単位) and by 燃費法 where the vehicle's fuel
 * economy and the km are known. A run's figures go to its customers in proportion to the weight each had
 * aboard. The method and its factors head the file and name the columns; XLSX adds a sheet of them.
 */

const N = 'records.co2';

interface CustomerLine {
  customer: string;
  runs: Set<number>;
  weightKg: number;
  tonKm: number;
  tonKmLitres: number;
  tonKmCo2: number;
  economyKm: number;
  economyLitres: number;
  economyCo2: number;
  /** runs of this customer whose vehicle had no fuel economy or km */
  unknownEconomy: Set<number>;
}

const emptyLine = (customer: string): CustomerLine => ({
  customer,
  runs: new Set(),
  weightKg: 0,
  tonKm: 0,
  tonKmLitres: 0,
  tonKmCo2: 0,
  economyKm: 0,
  economyLitres: 0,
  economyCo2: 0,
  unknownEconomy: new Set(),
});

/** Each run's share of its figures to its customers (by the weight each had aboard), added up per customer. */
export function customerEmissions(runs: readonly Run[], weights: readonly { trip_id: number | null; customer_name: string; weight: number }[], noCustomer: string) {
  const lines = new Map<string, CustomerLine>();
  const byTrip = new Map<number, { customer: string; weight: number }[]>();
  for (const row of weights) if (row.trip_id !== null) byTrip.set(row.trip_id, [...(byTrip.get(row.trip_id) ?? []), { customer: row.customer_name, weight: row.weight }]);
  for (const run of runs) {
    const carried = (byTrip.get(run.id) ?? []).filter((part) => part.weight > 0);
    const total = carried.reduce((sum, part) => sum + part.weight, 0);
    const parts = total > 0 ? carried.map((part) => ({ customer: part.customer, share: part.weight / total })) : [{ customer: noCustomer, share: 1 }];
    const tonKm = improvedTonKm(run.weight, run.max_loading_capacity, run.loadedKm);
    const economy = fuelEconomyEmission(run.km, run.avg_fuel_economy);
    for (const { customer, share } of parts) {
      const line = lines.get(customer) ?? emptyLine(customer);
      lines.set(customer, line);
      line.runs.add(run.id);
      line.weightKg += run.weight * share;
      line.tonKm += (tonKm?.tonKm ?? 0) * share;
      line.tonKmLitres += (tonKm?.litres ?? 0) * share;
      line.tonKmCo2 += (tonKm?.co2Kg ?? 0) * share;
      if (economy) {
        line.economyKm += run.km! * share;
        line.economyLitres += economy.litres * share;
        line.economyCo2 += economy.co2Kg * share;
      } else line.unknownEconomy.add(run.id);
    }
  }
  return [...lines.values()].sort((a, b) => a.customer.localeCompare(b.customer, 'ja'));
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function lineCells(month: string, line: CustomerLine): Cell[] {
  return [
    month,
    line.customer,
    line.runs.size,
    round(line.weightKg / 1000, 3),
    round(line.tonKm, 1),
    line.tonKm > 0 ? round(line.tonKmLitres / line.tonKm, 4) : null,
    round(line.tonKmLitres, 1),
    round(line.tonKmCo2, 1),
    round(line.economyKm, 1),
    round(line.economyLitres, 1),
    round(line.economyCo2, 1),
    line.unknownEconomy.size,
  ];
}

/** The columns; the CO2 columns name their factor. */
function columnsOf(t: Translate): Column[] {
  const factor = { factor: DIESEL_CO2_KG_PER_LITRE };
  return [
    { header: t(`${N}.month`), width: 9 },
    { header: t(`${N}.customer`), width: 22 },
    { header: t(`${N}.runs`), width: 8, numFmt: '#,##0' },
    { header: t(`${N}.payload`), width: 11, numFmt: '#,##0.000' },
    { header: t(`${N}.tonKm`), width: 11, numFmt: '#,##0.0' },
    { header: t(`${N}.fuelPerTonKm`), width: 13, numFmt: '0.0000' },
    { header: t(`${N}.tonKmLitres`), width: 12, numFmt: '#,##0.0' },
    { header: t(`${N}.tonKmCo2`, factor), width: 18, numFmt: '#,##0.0' },
    { header: t(`${N}.economyKm`), width: 12, numFmt: '#,##0.0' },
    { header: t(`${N}.economyLitres`), width: 12, numFmt: '#,##0.0' },
    { header: t(`${N}.economyCo2`, factor), width: 18, numFmt: '#,##0.0' },
    { header: t(`${N}.unknownEconomy`), width: 12, numFmt: '#,##0' },
  ];
}

/** The methods and their factors, as lines. */
function methodLines(t: Translate): string[] {
  const { a, b, c } = IMPROVED_TON_KM_DIESEL;
  return [
    t(`${N}.methodTonKm`, { a, b, c, min: IMPROVED_TON_KM_MIN_RATE }),
    t(`${N}.methodEconomy`),
    t(`${N}.factor`, { factor: DIESEL_CO2_KG_PER_LITRE }),
    t(`${N}.allocation`),
  ];
}

export async function co2Emissions(context: ReportContext) {
  const { t } = context.request;
  const runs = await runsOf(context.db, context.request.actor, context.period, context.filters);
  const weights = await customerWeights(
    context.db,
    runs.map((run) => run.id),
  );
  const lines = customerEmissions(runs, weights, t(`${N}.noCustomer`));
  const month = context.period.from.slice(0, 7).replace('-', '/');
  const total = emptyLine(t('reports.common.total'));
  for (const line of lines) {
    for (const id of line.runs) total.runs.add(id);
    for (const id of line.unknownEconomy) total.unknownEconomy.add(id);
    for (const key of ['weightKg', 'tonKm', 'tonKmLitres', 'tonKmCo2', 'economyKm', 'economyLitres', 'economyCo2'] as const) total[key] += line[key];
  }
  const title = t(`${N}.title`);
  const heading = reportHeading(context, title);
  heading.lines.splice(1, 0, ...methodLines(t));
  const table: Table = { sheet: title, columns: columnsOf(t), rows: lines.map((line) => lineCells(month, line)), totals: () => lineCells('', total) };
  if (context.query.format === 'csv') return tableFile(heading, table);
  const method: Table = { sheet: t(`${N}.methodSheet`), columns: [{ header: t(`${N}.method`), width: 120 }], rows: methodLines(t).map((line) => [line]) };
  return sheetsFile(heading, [table, method]);
}
