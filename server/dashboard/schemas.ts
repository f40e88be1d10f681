import { Type } from 'typebox';
import { CalendarDate, errorResponses } from '../http/schemas.js';

/** The home page's figures (ダッシュボード): `GET /api/dashboard[?date=YYYY-MM-DD]`. */

const Percent = Type.Union([Type.Number(), Type.Null()]);

export const Dashboard = Type.Object({
  /** the day shown (today in Tokyo unless asked) and the 30 days ending on it */
  date: CalendarDate,
  from: CalendarDate,
  month_from: CalendarDate,
  trips: Type.Object({ planned: Type.Integer(), loading: Type.Integer(), in_transit: Type.Integer(), completed: Type.Integer() }),
  deliveries: Type.Object({ total: Type.Integer(), delivered: Type.Integer(), late: Type.Integer(), to_come: Type.Integer() }),
  /** the 30 days' on-time rate (per cent, one decimal; null without a delivery made) */
  on_time_rate: Percent,
  efficiency: Type.Object({ runs: Type.Integer(), load_rate: Percent, loaded_share: Percent, efficiency: Percent, target: Type.Number() }),
  handling: Type.Object({ measured_runs: Type.Integer(), within_target_share: Percent, target_minutes: Type.Integer(), target_share: Type.Number() }),
  work_rules: Type.Object({ warnings: Type.Integer(), violations: Type.Integer() }),
  vehicles: Type.Object({ in_use: Type.Integer(), available: Type.Integer() }),
});
export type DashboardType = Type.Static<typeof Dashboard>;

export const DashboardQuery = Type.Object({ date: Type.Optional(CalendarDate) }, { additionalProperties: false });

export const dashboardSchema = { querystring: DashboardQuery, response: { 200: Dashboard, ...errorResponses } };

export const dashboardLabels = { date: 'reports.fields.date' };
