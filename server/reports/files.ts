import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Eta } from 'eta';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { MessageSection } from '../../common/locales/index.js';
import type { CsvEncoding } from '../../common/reports.js';
import { type CsvRecord, sendCsv } from '../http/csv.js';
import type { Translate } from '../i18n.js';
import type { PdfOptions, PdfRenderer } from '../plugins/pdf.js';
import type { Column, ColumnSpec, Heading, ReportContext, ReportFile, Table } from './report.js';
import { fileName } from './rules.js';

/**
 * A report's file in each of its formats. A table (its columns, rows read as they are written, a totals
 * row) becomes CSV or XLSX without being held; a PDF is an HTML template of `templates/` rendered by
 * Chromium.
 */

export const columnsOf = (t: Translate, columns: readonly ColumnSpec[]): Column[] => columns.map(([key, width, numFmt]) => ({ header: t(key), width, numFmt }));

const MEDIA_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const attachment = (reply: FastifyReply, kind: keyof typeof MEDIA_TYPES, fileName: string) =>
  reply.header('content-type', MEDIA_TYPES[kind]).header('content-disposition', `attachment; filename="${fileName}"`);

/** CSV: the header row, the rows, the totals row. */
export function sendTableCsv(reply: FastifyReply, table: Table, encoding: CsvEncoding, fileName: string) {
  async function* records(): AsyncGenerator<CsvRecord> {
    yield table.columns.map((column) => column.header);
    for await (const row of table.rows) yield row;
    if (table.totals) yield table.totals();
  }
  return sendCsv(reply, records(), encoding, fileName);
}

const HEADER_ROW = 4;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };

/** One sheet per table: the title and its lines above, a bold frozen header with filters, figures formatted, totals in bold. */
async function writeSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, heading: Heading, table: Table) {
  const sheet = workbook.addWorksheet(table.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  sheet.columns = table.columns.map((column) => ({ width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).values = [heading.title];
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.getRow(2).values = [heading.lines.join('　')];
  const header = sheet.getRow(HEADER_ROW);
  header.values = table.columns.map((column) => column.header);
  header.font = { bold: true };
  header.fill = HEADER_FILL;
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: table.columns.length } };
  for (const row of [1, 2, 3, HEADER_ROW]) sheet.getRow(row).commit();
  for await (const values of table.rows) sheet.addRow(values).commit();
  if (table.totals) {
    const totals = sheet.addRow(table.totals());
    totals.font = { bold: true };
    totals.commit();
  }
  sheet.commit();
}

/** XLSX written as it is sent (exceljs' streaming writer): the rows are never all in memory. */
export function sendXlsx(reply: FastifyReply, heading: Heading, tables: Table[], fileName: string) {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true });
  void (async () => {
    for (const table of tables) await writeSheet(workbook, heading, table);
    await workbook.commit();
  })().catch((error: unknown) => body.destroy(error as Error));
  return attachment(reply, 'xlsx', fileName).send(body as unknown as string);
}

const templates = new Eta({ views: path.join(import.meta.dirname, '..', '..', 'templates'), cache: true, autoEscape: true });

/** The HTML of `templates/<name>.eta` (every value escaped unless the template says otherwise). */
export function reportHtml(name: string, data: object): string {
  return templates.render(`./${name}`, data);
}

/**
 * A landscape record printed from `templates/<name>.eta`: its heading, the labels of its message
 * namespace and the reports' common words, with the record's own data.
 */
export function landscapeRecord(context: Pick<ReportContext, 'request'>, name: string, heading: Heading, labels: MessageSection, data: object): ReportFile {
  const { t } = context.request;
  const html = reportHtml(name, {
    lang: context.request.locale,
    landscape: true,
    title: heading.title,
    heading,
    labels: t(labels, { returnObjects: true }),
    common: t('reports.common', { returnObjects: true }),
    ...data,
  });
  return { kind: 'pdf', html, options: { landscape: true } };
}

export async function sendPdf(reply: FastifyReply, pdf: PdfRenderer, html: string, fileName: string, options?: PdfOptions) {
  const file = await pdf.render(html, options);
  return attachment(reply, 'pdf', fileName).send(Buffer.from(file) as unknown as string);
}

/** Sends what a report rendered, named after the report and its period, in the format asked. */
export function sendReport(reply: FastifyReply, pdf: PdfRenderer, file: ReportFile, { slug, period, query }: Pick<ReportContext, 'slug' | 'period' | 'query'>) {
  switch (file.kind) {
    case 'pdf':
      return sendPdf(reply, pdf, file.html, fileName(slug, period, 'pdf'), file.options);
    case 'sheets':
      return sendXlsx(reply, file.heading, file.tables, fileName(slug, period, 'xlsx'));
    case 'table':
      if (query.format === 'csv') return sendTableCsv(reply, file.table, query.encoding ?? 'utf8', fileName(slug, period, 'csv'));
      return sendXlsx(reply, file.heading, [file.table], fileName(slug, period, 'xlsx'));
  }
}
