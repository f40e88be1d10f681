import type { MessageKey } from '../../common/locales/index.js';
import { columnsOf } from './files.js';
import { type Cell, type ColumnSpec, type ReportContext, type Table, tableFile } from './report.js';
import { namesOf, summaryFigures } from './repository.js';
import { onTimeRate, reportHeading } from './rules.js';

/** 日次・週次・月次集計: per center and delivery company, the trips, loads and outcomes of the period, and their total. */

const TITLES = {
  'daily-summary': 'reports.summary.daily',
  'weekly-summary': 'reports.summary.weekly',
  'monthly-summary': 'reports.summary.monthly',
} as const satisfies Record<string, MessageKey>;
export type SummarySlug = keyof typeof TITLES;

const COUNT = '#,##0';
const COLUMNS: ColumnSpec[] = [
  ['reports.summary.center', 18],
  ['reports.summary.company', 20],
  ['reports.summary.trips', 8, COUNT],
  ['reports.summary.vehicles', 8, COUNT],
  ['reports.summary.pallets', 10, COUNT],
  ['reports.summary.cageCarts', 10, COUNT],
  ['reports.summary.weight', 12, '#,##0.0'],
  ['reports.summary.volume', 12, '#,##0.00'],
  ['reports.summary.deliveries', 9, COUNT],
  ['reports.summary.delivered', 9, COUNT],
  ['reports.summary.delayed', 9, COUNT],
  ['reports.summary.onTimeRate', 11, '0.0'],
];

interface Line {
  departmentId: number | null;
  companyId: number | null;
  trips: number;
  vehicles: number;
  pallets: number;
  cage_carts: number;
  weight: number;
  volume: number;
  deliveries: number;
  delivered: number;
  delayed: number;
  on_time: number;
}

const emptyLine = (departmentId: number | null, companyId: number | null): Line => ({
  departmentId,
  companyId,
  trips: 0,
  vehicles: 0,
  pallets: 0,
  cage_carts: 0,
  weight: 0,
  volume: 0,
  deliveries: 0,
  delivered: 0,
  delayed: 0,
  on_time: 0,
});

/** The trips' and the deliveries' figures joined per (center, company); the total apart. */
async function summaryLines(context: ReportContext) {
  const { trips, loads } = await summaryFigures(context.db, context.request.actor, context.period, context.filters);
  const lines = new Map<string, Line>();
  const total = emptyLine(null, null);
  const lineOf = (row: { department_id: number | null; delivery_company_id: number | null; is_total: boolean }) => {
    if (row.is_total) return total;
    const key = `${row.department_id}:${row.delivery_company_id}`;
    const line = lines.get(key) ?? emptyLine(row.department_id, row.delivery_company_id);
    lines.set(key, line);
    return line;
  };
  for (const { trips: count, vehicles, ...row } of trips) Object.assign(lineOf(row), { trips: count, vehicles });
  for (const { department_id, delivery_company_id, is_total, ...figures } of loads) Object.assign(lineOf({ department_id, delivery_company_id, is_total }), figures);
  return { lines: [...lines.values()], total };
}

const figuresOf = (line: Line): Cell[] => [
  line.trips,
  line.vehicles,
  line.pallets,
  line.cage_carts,
  line.weight,
  line.volume,
  line.deliveries,
  line.delivered,
  line.delayed,
  onTimeRate(line.on_time, line.delivered),
];

export async function summary(context: ReportContext) {
  const { t } = context.request;
  const { lines, total } = await summaryLines(context);
  const ids = (pick: (line: Line) => number | null) => [...new Set(lines.map(pick).filter((id): id is number => id !== null))];
  const names = await namesOf(
    context.db,
    ids((line) => line.departmentId),
    ids((line) => line.companyId),
  );
  const center = (line: Line) => (line.departmentId === null ? '' : (names.departments.get(line.departmentId) ?? ''));
  const company = (line: Line) => (line.companyId === null ? t('reports.common.unassigned') : (names.companies.get(line.companyId) ?? ''));
  // By center, then company; the deliveries not yet on a trip last in their center.
  lines.sort((a, b) => center(a).localeCompare(center(b), 'ja') || Number(a.companyId === null) - Number(b.companyId === null) || company(a).localeCompare(company(b), 'ja'));
  const title = t(TITLES[context.slug as SummarySlug]);
  const columns = columnsOf(t, COLUMNS);
  const table: Table = {
    sheet: title,
    columns,
    rows: lines.map((line) => [center(line), company(line), ...figuresOf(line)]),
    totals: () => [t('reports.common.total'), '', ...figuresOf(total)],
  };
  return tableFile(reportHeading(context, title), table);
}
