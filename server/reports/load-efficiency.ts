import { asPercent, HANDLING_TARGET_MINUTES, HANDLING_TARGET_SHARE, LOAD_EFFICIENCY_TARGET, loadEfficiency, withinTargetShare } from '../../common/records.js';
import { formatDate } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import { columnsOf } from './files.js';
import { type Cell, type ColumnSpec, sheetsFile, type ReportContext, type Table, tableFile } from './report.js';
import { groupBy, reportHeading } from './rules.js';
import { type Run, runsOf } from './runs.js';

/**
 * 積載効率 (物流効率化法): per run (a completed trip) its load rate (the highest of its quantity, kg and m³
 * against the vehicle's capacity), its km driven and loaded, 実車率 and 積載効率 (= load rate × 実車率),
 * and its 荷待ち + 荷役 against the 2-hour target; per vehicle and per delivery company over the month,
 * with the share of runs within 2 hours. CSV: the runs and the month's totals row; XLSX: the runs, the
 * vehicles and the companies on sheets of their own.
 */

const N = 'records.efficiency';
const PERCENT = '0.0';
const KM = '#,##0.0';

const RUN_COLUMNS: ColumnSpec[] = [
  [`${N}.date`, 11],
  [`${N}.center`, 14],
  [`${N}.company`, 16],
  [`${N}.vehicle`, 14],
  [`${N}.vehicleType`, 10],
  [`${N}.driver`, 12],
  [`${N}.trip`, 6, '0'],
  [`${N}.quantity`, 8, '#,##0'],
  [`${N}.weight`, 10, '#,##0.0'],
  [`${N}.volume`, 9, '#,##0.00'],
  [`${N}.loadRate`, 10, PERCENT],
  [`${N}.measure`, 10],
  [`${N}.km`, 10, KM],
  [`${N}.loadedKm`, 10, KM],
  [`${N}.kmSource`, 10],
  [`${N}.loadedShare`, 10, PERCENT],
  [`${N}.efficiency`, 10, PERCENT],
  [`${N}.handlingMinutes`, 12, '#,##0'],
  [`${N}.withinTarget`, 10],
];

const GROUP_COLUMNS = (first: ColumnSpec[]): ColumnSpec[] => [
  ...first,
  [`${N}.runs`, 8, '#,##0'],
  [`${N}.km`, 10, KM],
  [`${N}.loadedKm`, 10, KM],
  [`${N}.loadRate`, 10, PERCENT],
  [`${N}.loadedShare`, 10, PERCENT],
  [`${N}.efficiency`, 10, PERCENT],
  [`${N}.measuredRuns`, 12, '#,##0'],
  [`${N}.withinTargetShare`, 14, PERCENT],
];

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The figures of several runs: their count and km, load rate, 実車率 and 積載効率 (per cent), and the share within 2 hours. */
export function runTotals(runs: readonly Run[]) {
  const add = (pick: (run: Run) => number | null) => runs.reduce((sum, run) => sum + (pick(run) ?? 0), 0);
  const figures = loadEfficiency(runs.map((run) => ({ rate: run.rate, loadedKm: run.loadedKm, totalKm: run.km })));
  const measured = runs.flatMap((run) => (run.handlingMinutes === null ? [] : [run.handlingMinutes]));
  return {
    runs: runs.length,
    km: round1(add((run) => run.km)),
    loadedKm: round1(add((run) => run.loadedKm)),
    loadRate: asPercent(figures.rate),
    loadedShare: asPercent(figures.loadedShare),
    efficiency: asPercent(figures.efficiency),
    measuredRuns: measured.length,
    withinTargetShare: withinTargetShare(measured),
  };
}

const totalCells = (totals: ReturnType<typeof runTotals>): Cell[] => [
  totals.runs,
  totals.km,
  totals.loadedKm,
  totals.loadRate,
  totals.loadedShare,
  totals.efficiency,
  totals.measuredRuns,
  totals.withinTargetShare,
];

function runCells(t: Translate, run: Run): Cell[] {
  const within = run.handlingMinutes === null ? '' : t(run.handlingMinutes <= HANDLING_TARGET_MINUTES ? `${N}.yes` : `${N}.no`);
  return [
    formatDate(run.date),
    run.department_name,
    run.company_name ?? '',
    run.vehicle_number ?? '',
    run.vehicle_type_name ?? '',
    run.driver_name ?? '',
    run.trip_no,
    run.quantity,
    run.weight,
    run.volume,
    asPercent(run.rate),
    run.measure ? t(`${N}.measures.${run.measure}`) : '',
    round1(run.km),
    round1(run.loadedKm),
    run.kmSource ? t(`${N}.sources.${run.kmSource}`) : t(`${N}.unknown`),
    asPercent(run.loadedShare),
    asPercent(run.efficiency),
    run.handlingMinutes,
    within,
  ];
}

/** Runs grouped by a name, the groups by name, each with its totals. */
function groupTable(t: Translate, sheet: string, first: ColumnSpec[], groups: Map<string, Run[]>, cellsOf: (runs: Run[]) => Cell[], all: Run[]): Table {
  const lines = [...groups].sort(([a], [b]) => a.localeCompare(b, 'ja'));
  const blanks = first.slice(1).map(() => '' as Cell);
  return {
    sheet,
    columns: columnsOf(t, GROUP_COLUMNS(first)),
    rows: lines.map(([, runs]) => [...cellsOf(runs), ...totalCells(runTotals(runs))]),
    totals: () => [t('reports.common.total'), ...blanks, ...totalCells(runTotals(all))],
  };
}

export async function loadEfficiencyReport(context: ReportContext) {
  const { t } = context.request;
  const runs = await runsOf(context.db, context.request.actor, context.period, context.filters);
  const title = t(`${N}.title`);
  const heading = reportHeading(context, title);
  heading.lines.splice(1, 0, t(`${N}.definition`, { minutes: HANDLING_TARGET_MINUTES, share: HANDLING_TARGET_SHARE, target: LOAD_EFFICIENCY_TARGET }));
  const totals = totalCells(runTotals(runs));
  const runTable: Table = {
    sheet: title,
    columns: columnsOf(t, RUN_COLUMNS),
    rows: runs.map((run) => runCells(t, run)),
    // Under the runs: the month's count, km and figures, in the columns they belong to.
    totals: () => [t('reports.common.total'), '', '', '', '', '', totals[0]!, '', '', '', totals[3]!, '', totals[1]!, totals[2]!, '', totals[4]!, totals[5]!, '', totals[7]!],
  };
  if (context.query.format === 'csv') return tableFile(heading, runTable);
  const month = context.period.from.slice(0, 7).replace('-', '/');
  return sheetsFile(heading, [
    runTable,
    groupTable(
      t,
      t(`${N}.byVehicle`),
      [[`${N}.month`, 9], [`${N}.vehicle`, 14], [`${N}.vehicleType`, 10], [`${N}.company`, 16]],
      groupBy(runs, (run) => `${run.vehicle_number ?? ''}\u0000${run.vehicle_id}`),
      ([run]) => [month, run!.vehicle_number ?? '', run!.vehicle_type_name ?? '', run!.company_name ?? ''],
      runs,
    ),
    groupTable(
      t,
      t(`${N}.byCompany`),
      [[`${N}.month`, 9], [`${N}.company`, 16]],
      groupBy(runs, (run) => run.company_name ?? ''),
      ([run]) => [month, run!.company_name ?? ''],
      runs,
    ),
  ]);
}
