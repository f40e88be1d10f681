import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../../common/locales/index.js';
import type { ReportSlug } from '../../common/reports.js';
import type { Db } from '../../db/index.js';
import type { PdfOptions } from '../plugins/pdf.js';
import type { ReportQuery } from './schemas.js';

/** What every report is given and what it returns: the reports' shared types, imported by each of their modules. */

/** The first and last day a report covers. */
export interface Period {
  from: string;
  to: string;
}

export interface ReportFilters {
  department_id?: number;
  delivery_company_id?: number;
  driver_id?: number;
  /** one trip (the trip page's print button) */
  vehicle_allocation_id?: number;
}

/** What every report's maker gets: the database, the request (caller, language), its checked period and filters. */
export interface ReportContext {
  db: Db;
  request: FastifyRequest;
  slug: ReportSlug;
  query: ReportQuery;
  period: Period;
  filters: ReportFilters;
}

export type Cell = string | number | null;

export interface Column {
  header: string;
  /** Excel's column width, in characters */
  width: number;
  /** Excel's number format for figures: '#,##0', '#,##0.0' */
  numFmt?: string;
}

/** A sheet's column: its label, its width in characters, its number format. */
export type ColumnSpec = readonly [MessageKey, number, string?];

export interface Table {
  /** the sheet's name (at most 31 characters, Excel's limit) */
  sheet: string;
  columns: Column[];
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>;
  /** computed once every row has been read */
  totals?: () => Cell[];
}

export interface Heading {
  title: string;
  /** the period, who printed it and when */
  lines: string[];
}

/**
 * What a report renders; the route sends it in the format asked (`sendReport`, files.ts): one table
 * (CSV, or XLSX under its heading), sheets (XLSX) or a PDF's HTML.
 */
export type ReportFile =
  | { kind: 'table'; heading: Heading; table: Table }
  | { kind: 'sheets'; heading: Heading; tables: Table[] }
  | { kind: 'pdf'; html: string; options?: PdfOptions };

export const tableFile = (heading: Heading, table: Table): ReportFile => ({ kind: 'table', heading, table });
export const sheetsFile = (heading: Heading, tables: Table[]): ReportFile => ({ kind: 'sheets', heading, tables });
export const pdfFile = (html: string, options?: PdfOptions): ReportFile => ({ kind: 'pdf', html, options });

/** Each report's maker: it reads what it shows and returns it rendered. */
export type ReportMaker = (context: ReportContext) => Promise<ReportFile>;
