import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPORT_SLUGS, reportArea, REPORTS, type ReportSlug } from '../../common/reports.js';
import { attendanceRecord } from './attendance-record.js';
import { dailyReportAll } from './daily-report.js';
import { dailyExpense } from './expenses.js';
import { deliveryOperation } from './delivery-operation.js';
import { sendReport } from './files.js';
import { co2Emissions } from './co2-emissions.js';
import { invoices } from './invoices.js';
import { loadEfficiencyReport } from './load-efficiency.js';
import { payrollAccounting } from './payroll.js';
import type { ReportMaker } from './report.js';
import { reportPeriod } from './rules.js';
import { dailySales } from './sales.js';
import { type ReportQuery, reportLabels, reportSchema, fuelPriceSchema } from './schemas.js';
import { fuelPriceCenter, mayUseCenter, rememberFuelPrice, startingFuelPrice } from './fuel-prices.js';
import { summary } from './summaries.js';
import { vehicleChart } from './vehicle-chart.js';
import { waitingLoadingRecord } from './waiting-loading.js';
import { workingTimeRecord } from './working-time.js';

/** Each report's maker: it reads what it shows and returns it rendered. */
const MAKERS: Record<ReportSlug, ReportMaker> = {
  'delivery-operation': deliveryOperation,
  'vehicle-chart': vehicleChart,
  'dalivery-daily-report-all': dailyReportAll,
  'daily-summary': summary,
  'weekly-summary': summary,
  'monthly-summary': summary,
  'working-time-record': workingTimeRecord,
  'attendance-record': attendanceRecord,
  'invoice-store-directly': invoices,
  'invoice-between-center': invoices,
  'daily-expense': dailyExpense,
  'daily-sales-report': dailySales,
  'payroll-accounting': payrollAccounting,
  'waiting-loading-record': waitingLoadingRecord,
  'load-efficiency': loadEfficiencyReport,
  'co2-emissions': co2Emissions,
};

/**
 * The reports (帳票): `GET /api/report/<slug>` per report of common/reports.ts, open to every level
 * (the permission table's `report` area) and scoped to the caller in every query.
 */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const slug of REPORT_SLUGS) {
    const report = REPORTS[slug];
    const config = { permission: { area: reportArea(slug), action: 'list' }, labels: reportLabels } as const;
    app.get(`/report/${slug}`, { schema: reportSchema(report), config }, async (request, reply) => {
      const query = request.query as unknown as ReportQuery;
      const period = reportPeriod(request.t, report.period, query);
      const { department_id, delivery_company_id, driver_id, vehicle_allocation_id } = query;
      const filters = { department_id, delivery_company_id, driver_id, vehicle_allocation_id };
      const context = { db: app.db, request, slug, query, period, filters };
      const made = await MAKERS[slug](context);
      // The 軽油単価 a 日次経費 was made with is the center's from now on (the next day's form starts from it).
      const center = query.fuel_price === undefined ? null : fuelPriceCenter(request.actor, department_id);
      if (center !== null && (await mayUseCenter(app.db, request.actor, center))) await rememberFuelPrice(app.db, center, query.fuel_price!, request.actor.id, new Date());
      return sendReport(reply, app.pdf, made, context);
    });
  }

  /** The 軽油単価 日次経費's form starts from: the center's last, else the stated default (「既定値」). */
  const expense = { permission: { area: reportArea('daily-expense'), action: 'list' }, labels: reportLabels } as const;
  app.get('/report/daily-expense/fuel-price', { schema: fuelPriceSchema, config: expense }, async (request) => {
    const center = fuelPriceCenter(request.actor, request.query.department_id);
    const known = center !== null && (await mayUseCenter(app.db, request.actor, center));
    return startingFuelPrice(app.db, known ? center : null);
  });
};

export default reportRoutes;
