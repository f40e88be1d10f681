import type { CsvRecord } from '../http/csv.js';
import type { Translate } from '../i18n.js';
import type { MasterContext, MasterDefinition, Row } from './definition.js';
import { fieldLabel } from './fields.js';
import { exportPages, type ListQuery } from './service.js';

/**
 * A master's CSV export is its import's file (the template's columns, references by code, switches as
 * 1/0), so that rows exported, changed in Excel and imported again update what they name. Write-only
 * columns (passwords) are never exported; a file without them leaves them as they are.
 */
export const exportColumns = (def: MasterDefinition) => def.csvColumns.filter((column) => !def.fields.some((field) => field.name === column && field.writeOnly));

export const masterExportHeader = (t: Translate, def: MasterDefinition): CsvRecord => exportColumns(def).map((column) => fieldLabel(t, def, column));

function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : String(value);
}

export const masterExportCells = (def: MasterDefinition, row: Row): CsvRecord => exportColumns(def).map((column) => cell(row[column]));

/** The export's header, then a row per record the list's search and filters choose (the route's and `npm run export`'s). */
export async function* masterExportRecords(ctx: MasterContext, def: MasterDefinition, query: ListQuery = {}) {
  yield masterExportHeader(ctx.t, def);
  for await (const page of exportPages(ctx, def, query)) for (const row of page) yield masterExportCells(def, row);
}
