import { type Static, type TObject, Type } from 'typebox';
import { CSV_ENCODINGS, REPORT_AMOUNTS, type ReportDefinition, type ReportFilter, type ReportFormat } from '../../common/reports.js';
import { CalendarDate, CalendarMonth, CsvEncodingParam, errorResponses, Id } from '../http/schemas.js';

/** The wire shapes of the reports: each report's query, built from its declaration in common/reports.ts. */


const PERIOD_FIELDS = {
  day: { date: CalendarDate },
  week: { date: CalendarDate },
  month: { month: CalendarMonth },
  range: { date_from: CalendarDate, date_to: CalendarDate },
} as const;

export interface ReportQuery {
  date?: string;
  month?: string;
  date_from?: string;
  date_to?: string;
  department_id?: number;
  delivery_company_id?: number;
  driver_id?: number;
  vehicle_allocation_id?: number;
  /** every stop reached, not only waits of 30 minutes or more (荷待ち・荷役記録) */
  all_stops?: boolean;
  /** 軽油単価, yen per litre (日次経費) */
  fuel_price?: number;
  format: ReportFormat;
  encoding?: (typeof CSV_ENCODINGS)[number];
}

function queryOf(report: ReportDefinition): TObject {
  const filters = Object.fromEntries(report.filters.map((name: ReportFilter) => [name, Type.Optional(Id)]));
  const amounts = Object.fromEntries((report.amounts ?? []).map((name) => [name, Type.Integer({ minimum: REPORT_AMOUNTS[name].min, maximum: REPORT_AMOUNTS[name].max })]));
  return Type.Object(
    {
      ...PERIOD_FIELDS[report.period],
      ...filters,
      ...amounts,
      ...Object.fromEntries((report.switches ?? []).map((name) => [name, Type.Optional(Type.Boolean())])),
      ...(report.oneTrip ? { vehicle_allocation_id: Type.Optional(Id) } : {}),
      format: Type.Enum([...report.formats]),
      ...(report.formats.includes('csv') ? { encoding: CsvEncodingParam } : {}),
    },
    { additionalProperties: false },
  );
}

/** A report answers its file (PDF, XLSX or CSV); the string only documents the body. */
export const reportSchema = (report: ReportDefinition) => ({ querystring: queryOf(report), response: { 200: Type.String(), ...errorResponses } });

export const reportLabels: Record<string, string> = Object.fromEntries(
  ['date', 'month', 'date_from', 'date_to', 'department_id', 'delivery_company_id', 'driver_id', 'vehicle_allocation_id', 'fuel_price', 'all_stops', 'format', 'encoding'].map((name) => [name, `reports.fields.${name}`]),
);

/** `GET /api/report/daily-expense/fuel-price?department_id=`: the 軽油単価 the form starts from, and whether it is the center's last or the default. */
export const fuelPriceSchema = {
  querystring: Type.Object({ department_id: Type.Optional(Id) }, { additionalProperties: false }),
  response: {
    200: Type.Object({ fuel_price: Type.Integer(), source: Type.Enum(['center', 'default']) }, { additionalProperties: false }),
    ...errorResponses,
  },
} as const;
export type FuelPriceWire = Static<(typeof fuelPriceSchema)['response'][200]>;
