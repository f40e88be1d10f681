import { DELIVERY_CSV_COLUMNS, DELIVERY_CSV_REQUIRED, DELIVERY_LIMITS, DELIVERY_QUANTITY_MAX, type DeliveryCsvColumn } from '../../common/deliveries.js';
import { LOCALES } from '../../common/locales/index.js';
import { isSuperAdmin } from '../../common/permissions.js';
import type { Db } from '../../db/index.js';
import type { Actor } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import { type Translate, translator } from '../i18n.js';
import { type CsvLine, CsvTextError, openCsv } from '../imports/csv.js';
import type { ImportResult } from '../imports/import-master.js';
import { takeImportSlot } from '../imports/slots.js';
import { type ImportTarget, type MergeColumns, runStagedImport, type StagedRow } from '../imports/staging.js';
import { departmentSubtree, destinationScope } from '../auth/scope.js';
import type { DeliveryColumns } from './repository.js';
import { deliveryKey, movesOffItsTrip, type Placement, readAmount, readCount, readDay, readLoadUnit, rowList } from './rules.js';

/** The same result as the master imports: the screens read both alike. */
export type DeliveryImportResult = ImportResult;

const MAX_REPORTED = 1000;
/** Rows checked, looked up and staged together: one query per chunk and kind of code, not per row. */
const CHUNK_ROWS = 1000;

/**
 * Where the import writes, as the staged merge of the masters (server/imports/staging.ts) needs it:
 * the stores, centers and customers the rows name must still be live when it merges.
 */
const DELIVERY_TARGET: ImportTarget = {
  resource: 'delivery',
  table: 'deliveries',
  fields: [
    { name: 'delivery_destination_id', ref: { table: 'delivery_destinations' } },
    { name: 'department_id', ref: { table: 'departments' } },
    { name: 'customer_id', ref: { table: 'customers' } },
  ],
};

const IMPORTED: (keyof DeliveryColumns)[] = ['date', 'department_id', 'delivery_destination_id', 'slip_number', 'quantity', 'load_unit', 'customer_id', 'order_number', 'item_code', 'item_name', 'volume', 'weight'];
/** The key (date, slip, item code) that found an existing row is not rewritten. */
const KEY: (keyof DeliveryColumns)[] = ['date', 'slip_number', 'item_code'];
/** A new row gets every column the file has; a re-imported one all but its key. */
const MERGED: MergeColumns = { inserted: new Set(IMPORTED), updated: new Set(IMPORTED.filter((column) => !KEY.includes(column))) };

const normalise = (text: string) => text.replace(/[\s\u3000]/g, '').toLowerCase();
const letOthersIn = () => new Promise((resolve) => setImmediate(resolve));

/** Header cell → column: the column's own name or its label in any of our languages. */
function headerAliases() {
  const aliases = new Map<string, DeliveryCsvColumn>();
  for (const column of DELIVERY_CSV_COLUMNS) {
    aliases.set(normalise(column), column);
    for (const locale of LOCALES) {
      const label = translator(locale)(`deliveries.fields.${column}`);
      aliases.set(normalise(label), column);
      // 重量(kg) is also written 重量
      aliases.set(normalise(label.replace(/\s*[(（].*[)）]\s*$/, '')), column);
    }
  }
  return aliases;
}

/** The template's header row, in the caller's language. */
export const templateHeader = (t: Translate) => DELIVERY_CSV_COLUMNS.map((column) => t(`deliveries.fields.${column}`));

interface Existing extends Placement {
  id: number;
  version: number;
  item_code: string | null;
  slip_number: string;
}

/**
 * Checks, and with `commit` imports, one date's delivery CSV: every row checked (stores by
 * delivery_code among those the caller sees, customers and centers by code), all-or-nothing, a
 * re-import of the same (date, slip, item code) updating the row. Rows with another date are refused
 * together, in one message naming them. Staged like the masters' imports: checked a chunk at a time,
 * the valid rows stored in a typed staging table, merged in one short transaction at the end.
 */
export async function importDeliveries(
  db: Db,
  actor: Actor,
  t: Translate,
  date: string,
  input: AsyncIterable<Buffer | string>,
  options: { commit: boolean; onRow?: (line: number) => void },
): Promise<DeliveryImportResult> {
  const release = await takeImportSlot(db);
  try {
    const run = new DeliveryImport(db, actor, t, date);
    const failed = () => run.result.errorCount > 0;
    await runStagedImport(db, DELIVERY_TARGET, actor.id, { commit: options.commit, columns: MERGED, failed }, (stage) => run.read(input, stage, options.onRow));
    run.result.ok = run.result.errorCount === 0;
    return run.result;
  } finally {
    release();
  }
}

class DeliveryImport {
  readonly result: DeliveryImportResult = { ok: false, total: 0, created: 0, updated: 0, encoding: 'utf-8', errors: [], errorCount: 0 };
  private header: (DeliveryCsvColumn | undefined)[] = [];
  private readonly seen = new Map<string, number>();
  private readonly mismatched: number[] = [];
  private readonly stores = new Map<string, { id: number; center: number | null }>();
  private readonly customers = new Map<string, number>();
  private readonly centers = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly actor: Actor,
    private readonly t: Translate,
    private readonly date: string,
  ) {}

  private label(column: string) {
    return this.t(`deliveries.fields.${column}`);
  }

  private report(row: number, errors: FieldErrors) {
    for (const [field, message] of Object.entries(errors)) {
      this.result.errorCount++;
      if (this.result.errors.length < MAX_REPORTED) this.result.errors.push({ row, field: field ? this.label(field) : '', message });
    }
  }

  /** Reads every row, checks it a chunk at a time and hands each chunk's valid rows to `stage`. */
  async read(input: AsyncIterable<Buffer | string>, stage: (rows: StagedRow[]) => Promise<void>, onRow?: (line: number) => void) {
    await this.loadSubtree();
    try {
      const csv = await openCsv(input);
      if (!this.mapHeader(csv.header)) return;
      let chunk: CsvLine[] = [];
      for await (const line of csv.rows) {
        this.result.total++;
        onRow?.(line.line);
        chunk.push(line);
        if (chunk.length < CHUNK_ROWS) continue;
        await stage(await this.checkChunk(chunk));
        chunk = [];
        await letOthersIn();
      }
      await stage(await this.checkChunk(chunk));
      this.result.encoding = csv.encoding();
      if (this.result.total === 0) this.report(1, { '': this.t('csv.empty') });
      if (this.mismatched.length) {
        this.report(this.mismatched[0]!, { date: this.t('deliveries.import.dateMismatch', { rows: rowList(this.mismatched) }) });
      }
    } catch (error) {
      if (!(error instanceof CsvTextError)) throw error;
      this.report(error.row, { '': this.t(error.messageKey, { row: error.row, ...error.params }) });
    }
  }

  private mapHeader(cells: string[]) {
    const aliases = headerAliases();
    this.header = cells.map((cell) => aliases.get(normalise(cell)));
    const unknown = cells.filter((_, i) => !this.header[i]);
    if (unknown.length) this.report(1, { '': this.t('csv.unknownColumns', { columns: unknown.join(', ') }) });
    const missing = DELIVERY_CSV_REQUIRED.filter((column) => !this.header.includes(column));
    if (missing.length) this.report(1, { '': this.t('csv.missingColumns', { columns: missing.map((c) => this.label(c)).join(', ') }) });
    return unknown.length === 0 && missing.length === 0;
  }

  /** A chunk's codes and existing rows looked up (one query each), then each row checked: the valid ones. */
  private async checkChunk(lines: CsvLine[]): Promise<StagedRow[]> {
    if (lines.length === 0) return [];
    const records = lines.map(({ cells }) => {
      const record: Partial<Record<DeliveryCsvColumn, string>> = {};
      this.header.forEach((column, i) => (record[column!] = (cells[i] ?? '').trim()));
      return record;
    });
    await this.lookUp(records);
    const existing = await this.existing(records.map((r) => r.slip_number ?? '').filter(Boolean));
    const checked: StagedRow[] = [];
    for (const [i, record] of records.entries()) {
      const row = this.checkRow(lines[i]!.line, record, existing);
      if (row) checked.push(row);
    }
    return checked;
  }

  /** Codes of the chunk not seen yet → ids: one query per kind. */
  private async lookUp(records: Partial<Record<DeliveryCsvColumn, string>>[]) {
    const fresh = (column: DeliveryCsvColumn, known: Map<string, unknown>) =>
      [...new Set(records.map((r) => r[column] ?? ''))].filter((code) => code && !known.has(code));
    const storeCodes = fresh('delivery_code', this.stores);
    if (storeCodes.length) {
      let query = this.db
        .selectFrom('delivery_destinations')
        .leftJoin('directions', (join) => join.onRef('directions.id', '=', 'delivery_destinations.direction_id').on('directions.deleted_at', 'is', null))
        .select(['delivery_destinations.id', 'delivery_destinations.delivery_code', 'directions.department_id'])
        .where('delivery_destinations.delivery_code', 'in', storeCodes)
        .where('delivery_destinations.deleted_at', 'is', null);
      const scope = destinationScope(this.actor);
      if (scope) query = query.where(scope);
      for (const row of await query.execute()) this.stores.set(row.delivery_code, { id: row.id, center: row.department_id });
    }
    const customerCodes = fresh('customer_code', this.customers);
    if (customerCodes.length) {
      const rows = await this.db.selectFrom('customers').select(['id', 'code']).where('code', 'in', customerCodes).where('deleted_at', 'is', null).execute();
      for (const row of rows) this.customers.set(row.code, row.id);
    }
    const centerCodes = fresh('center_code', this.centers);
    if (centerCodes.length) {
      let query = this.db.selectFrom('departments').select(['id', 'code']).where('code', 'in', centerCodes).where('level', '=', 4).where('deleted_at', 'is', null);
      if (!isSuperAdmin(this.actor)) query = query.where('id', '=', departmentSubtree(this.actor.departmentId ?? 0));
      for (const row of await query.execute()) this.centers.set(row.code, row.id);
    }
  }

  /** The chosen date's live deliveries holding these slip numbers, whatever their scope. */
  private async existing(slips: string[]) {
    const found = new Map<string, Existing>();
    if (slips.length === 0) return found;
    const rows = await this.db
      .selectFrom('deliveries')
      .select(['id', 'version', 'slip_number', 'item_code', 'date', 'department_id', 'delivery_destination_id', 'quantity', 'load_unit', 'weight', 'volume', 'vehicle_allocation_id'])
      .where('date', '=', this.date)
      .where('slip_number', 'in', [...new Set(slips)])
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) found.set(deliveryKey(this.date, row.slip_number, row.item_code || null), row);
    return found;
  }

  private writable(departmentId: number) {
    return isSuperAdmin(this.actor) || this.subtree.has(departmentId);
  }

  /** The caller's subtree (loaded before the first row): which existing rows an update may touch. */
  private subtree = new Set<number>();

  private checkRow(line: number, record: Partial<Record<DeliveryCsvColumn, string>>, existingByKey: Map<string, Existing>): StagedRow | undefined {
    const { t } = this;
    const errors: FieldErrors = {};
    const required = (column: DeliveryCsvColumn) => {
      const value = record[column] ?? '';
      if (!value) errors[column] = t('errors.required', { field: this.label(column) });
      return value;
    };
    const text = (column: 'slip_number' | 'order_number' | 'item_code' | 'item_name') => {
      const value = record[column] ?? '';
      if (value.length > DELIVERY_LIMITS[column]) errors[column] = t('errors.tooLong', { field: this.label(column), max: DELIVERY_LIMITS[column] });
      return value || null;
    };

    let otherDay = false;
    if (record.date) {
      const day = readDay(record.date);
      if (day === undefined) errors.date = t('errors.invalidDate', { field: this.label('date') });
      else if (day !== this.date) otherDay = true;
    }
    if (otherDay) this.mismatched.push(line);
    const storeCode = required('delivery_code');
    const store = storeCode ? this.stores.get(storeCode) : undefined;
    if (storeCode && !store) errors.delivery_code = t('errors.refNotFound', { field: this.label('delivery_code') });
    required('slip_number');
    const slip = text('slip_number');
    const quantityText = required('quantity');
    const quantity = readCount(quantityText, DELIVERY_QUANTITY_MAX);
    if (quantityText && (quantity === 'bad' || quantity === undefined)) {
      errors.quantity = t('errors.outOfRange', { field: this.label('quantity'), min: 0, max: DELIVERY_QUANTITY_MAX });
    }
    const loadUnit = readLoadUnit(record.load_unit ?? '', [0, 1].map((unit) => LOCALES.map((locale) => translator(locale)(`deliveries.loadUnit.${unit}`))));
    if (loadUnit === 'bad') errors.load_unit = t('deliveries.import.badLoadUnit');
    let customerId: number | null = null;
    if (record.customer_code) {
      customerId = this.customers.get(record.customer_code) ?? null;
      if (customerId === null) errors.customer_code = t('errors.refNotFound', { field: this.label('customer_code') });
    }
    const orderNumber = text('order_number');
    const itemCode = text('item_code');
    const itemName = text('item_name');
    const amount = (column: 'volume' | 'weight') => {
      const value = readAmount(record[column] ?? '');
      if (value === 'bad') {
        errors[column] = t('deliveries.import.notNumber', { field: this.label(column) });
        return null;
      }
      return value;
    };
    const volume = amount('volume');
    const weight = amount('weight');
    let center: number | null = null;
    if (record.center_code) {
      center = this.centers.get(record.center_code) ?? null;
      if (center === null) errors.center_code = t('errors.refNotFound', { field: this.label('center_code') });
    } else if (store) {
      center = store.center;
      if (center === null) errors.center_code = t('deliveries.import.noCenter');
    }

    if (slip) {
      const key = deliveryKey(this.date, slip, itemCode);
      const earlier = this.seen.get(key);
      if (earlier) errors.slip_number = t('deliveries.import.duplicateInFile', { row: earlier });
      else this.seen.set(key, line);
      const existing = existingByKey.get(key);
      if (existing && !earlier) {
        if (!this.writable(existing.department_id)) errors.slip_number = t('deliveries.import.keyTaken');
        else if (
          store &&
          center !== null &&
          typeof quantity === 'number' &&
          loadUnit !== 'bad' &&
          movesOffItsTrip(existing, { department_id: center, delivery_destination_id: store.id, quantity, load_unit: loadUnit, weight, volume })
        ) {
          errors.delivery_code = t('deliveries.import.onTripChange');
        }
      }
      if (Object.keys(errors).length === 0 && store && center !== null && typeof quantity === 'number' && loadUnit !== 'bad') {
        // A row of another day is reported with the others at the end, never staged.
        if (otherDay) return undefined;
        if (existing) this.result.updated++;
        else this.result.created++;
        const columns: DeliveryColumns = {
          date: this.date,
          department_id: center,
          delivery_destination_id: store.id,
          slip_number: slip,
          quantity,
          load_unit: loadUnit,
          customer_id: customerId,
          order_number: orderNumber,
          item_code: itemCode,
          item_name: itemName,
          volume,
          weight,
        };
        return { line, targetId: existing?.id ?? null, targetVersion: existing?.version ?? null, columns: { ...columns } };
      }
    }
    if (Object.keys(errors).length) this.report(line, errors);
    return undefined;
  }

  private async loadSubtree() {
    if (isSuperAdmin(this.actor) || this.actor.departmentId === null) return;
    const rows = await this.db.selectFrom('department_closure').select('descendant_id').where('ancestor_id', '=', this.actor.departmentId).execute();
    this.subtree = new Set(rows.map((row) => row.descendant_id));
  }
}
