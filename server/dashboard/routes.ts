import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TRIP_STATUS } from '../../common/allocation.js';
import { addDays, tokyoToday } from '../../common/deliveries.js';
import { HANDLING_TARGET_MINUTES, HANDLING_TARGET_SHARE, LOAD_EFFICIENCY_TARGET } from '../../common/records.js';
import { AppError } from '../errors.js';
import { runTotals } from '../reports/load-efficiency.js';
import type { ReportContext } from '../reports/report.js';
import { summaryFigures } from '../reports/repository.js';
import { onTimeRate } from '../reports/rules.js';
import { runsOf } from '../reports/runs.js';
import { driversWithDays } from '../reports/work-days.js';
import { availableVehicles, tripsOfDay } from './repository.js';
import { type DashboardType, dashboardLabels, dashboardSchema } from './schemas.js';

/**
 * The home page (ダッシュボード): one route for its figures, each computed by the code of the report
 * behind it, in the caller's scope (the reports' SQL): today's trips by status and vehicles in use
 * (配車一覧), today's deliveries (日次集計), the 30 days' on-time rate (集計), 積載効率 and 荷待ち + 荷役
 * (積載効率), and the month's 2024-rule findings (勤務時間記録表). Any signed-in admin reads it.
 */

const STATUS_NAMES = { [TRIP_STATUS.planned]: 'planned', [TRIP_STATUS.loading]: 'loading', [TRIP_STATUS.inTransit]: 'in_transit', [TRIP_STATUS.completed]: 'completed' } as Record<number, keyof DashboardType['trips']>;

/** The month's warnings and violations of the 2024 rules over the drivers in scope (none in scope: none). */
async function workRuleCounts(context: ReportContext) {
  try {
    const drivers = await driversWithDays(context, true);
    return drivers.reduce((sum, { totals }) => ({ warnings: sum.warnings + totals.warnings, violations: sum.violations + totals.violations }), { warnings: 0, violations: 0 });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return { warnings: 0, violations: 0 };
    throw error;
  }
}

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dashboard', { schema: dashboardSchema, config: { anyUser: true, labels: dashboardLabels } }, async (request): Promise<DashboardType> => {
    const { actor } = request;
    const date = request.query.date ?? tokyoToday();
    const from = addDays(date, -29);
    const monthFrom = `${date.slice(0, 7)}-01`;
    const base = { db: app.db, request, slug: 'working-time-record', query: { format: 'xlsx' }, filters: {} } as const;
    const [trips, today, days, runs, workRules, available] = await Promise.all([
      tripsOfDay(app.db, actor, date),
      summaryFigures(app.db, actor, { from: date, to: date }, {}),
      summaryFigures(app.db, actor, { from, to: date }, {}),
      runsOf(app.db, actor, { from, to: date }, {}),
      workRuleCounts({ ...base, period: { from: monthFrom, to: date } }),
      availableVehicles(app.db, actor),
    ]);
    const counts = { planned: 0, loading: 0, in_transit: 0, completed: 0 };
    for (const row of trips) if (STATUS_NAMES[row.status]) counts[STATUS_NAMES[row.status]!] += row.trips;
    const dayTotal = today.loads.find((row) => row.is_total);
    const periodTotal = days.loads.find((row) => row.is_total);
    const totals = runTotals(runs);
    return {
      date,
      from,
      month_from: monthFrom,
      trips: counts,
      deliveries: {
        total: dayTotal?.deliveries ?? 0,
        delivered: dayTotal?.delivered ?? 0,
        late: dayTotal?.delayed ?? 0,
        to_come: (dayTotal?.deliveries ?? 0) - (dayTotal?.delivered ?? 0),
      },
      on_time_rate: periodTotal ? onTimeRate(periodTotal.on_time, periodTotal.delivered) : null,
      efficiency: { runs: totals.runs, load_rate: totals.loadRate, loaded_share: totals.loadedShare, efficiency: totals.efficiency, target: LOAD_EFFICIENCY_TARGET },
      handling: { measured_runs: totals.measuredRuns, within_target_share: totals.withinTargetShare, target_minutes: HANDLING_TARGET_MINUTES, target_share: HANDLING_TARGET_SHARE },
      work_rules: workRules,
      vehicles: { in_use: new Set(trips.flatMap((row) => row.vehicles)).size, available },
    };
  });
};

export default dashboardRoutes;
