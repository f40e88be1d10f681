import type { Executor } from '../../db/executor.js';
import type { Actor } from '../auth/actor.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import { exportCells, exportHeader } from './export.js';
import * as repo from './repository.js';
import { movesOffItsTrip, rangeErrors } from './rules.js';
import type { DeliveryFilters, DeliveryListQuery, DeliveryPatchValues, DeliveryValues } from './schemas.js';

/** Who asks, and in which language they read the answer. */
export interface Caller {
  actor: Actor;
  t: Translate;
}

const label = (t: Translate, field: string) => t(`deliveries.fields.${field}`);

/** A list's or export's date range: refused, one message per field, unless it is a bounded range of real days. */
function checkRange(t: Translate, from: string, to: string) {
  const errors = rangeErrors(t, from, to);
  if (errors) throw invalid(errors);
}

/** The references a write names: a center of the caller's subtree, a store they see, a live customer. */
async function checkReferences(db: Executor, { t, actor }: Caller, values: DeliveryPatchValues) {
  const errors: Record<string, string> = {};
  if (values.department_id !== undefined) {
    const center = await repo.writableCenter(db, actor, values.department_id);
    if (!center) errors.department_id = t('errors.refNotFound', { field: label(t, 'department_id') });
    else if (center.level !== 4) errors.department_id = t('deliveries.errors.notCenter');
  }
  if (values.delivery_destination_id !== undefined && !(await repo.visibleDestination(db, actor, values.delivery_destination_id))) {
    errors.delivery_destination_id = t('errors.refNotFound', { field: label(t, 'delivery_destination_id') });
  }
  if (values.customer_id !== undefined && values.customer_id !== null && !(await repo.liveCustomer(db, values.customer_id))) {
    errors.customer_id = t('errors.refNotFound', { field: label(t, 'customer_id') });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const duplicateSlip = (t: Translate) => new AppError(409, 'deliveries.errors.duplicateSlip', {}, { slip_number: t('deliveries.errors.duplicateSlip') });

/** Optional columns a form may leave out: absent is null on create. */
function columnsOf(values: DeliveryPatchValues): Partial<repo.DeliveryColumns> {
  const columns: Partial<repo.DeliveryColumns> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined && name !== 'version') (columns as Record<string, unknown>)[name] = value;
  return columns;
}

/** One page of the caller's deliveries and the total the filters match. */
export function listDeliveries(db: Executor, { t, actor }: Caller, query: DeliveryListQuery) {
  checkRange(t, query.date_from, query.date_to);
  return repo.listDeliveries(db, actor, query);
}

/** The export's CSV records: the header, then the rows a page at a time. */
export function exportRecords(db: Executor, { t, actor }: Caller, filters: DeliveryFilters) {
  checkRange(t, filters.date_from, filters.date_to);
  return (async function* records() {
    yield exportHeader(t);
    for await (const page of repo.exportPages(db, actor, filters)) for (const row of page) yield exportCells(t, row);
  })();
}

/** One delivery with its trip and stop. */
export async function showDelivery(db: Executor, { actor }: Caller, id: number) {
  const row = await repo.findDelivery(db, actor, id);
  if (!row) throw notFound();
  return { ...row, ...(await repo.tripAndStop(db, row.vehicle_allocation_id, row.stop_seq)) };
}

/** A new delivery: its references visible to the caller, its slip (and item) not taken that day. */
export async function createDelivery(trx: Executor, caller: Caller, values: DeliveryValues) {
  await checkReferences(trx, caller, values);
  if (await repo.keyHolder(trx, values.date, values.slip_number, values.item_code ?? null)) throw duplicateSlip(caller.t);
  const columns: repo.DeliveryColumns = {
    date: values.date,
    department_id: values.department_id,
    delivery_destination_id: values.delivery_destination_id,
    slip_number: values.slip_number,
    quantity: values.quantity,
    load_unit: values.load_unit,
    customer_id: values.customer_id ?? null,
    order_number: values.order_number ?? null,
    item_code: values.item_code ?? null,
    item_name: values.item_name ?? null,
    volume: values.volume ?? null,
    weight: values.weight ?? null,
  };
  const id = await repo.insertDelivery(trx, caller.actor.id, columns);
  return (await repo.findDelivery(trx, caller.actor, id))!;
}

/** PUT and PATCH: the row locked, its version checked, a delivery on a trip kept in place. */
export async function editDelivery(trx: Executor, caller: Caller, id: number, { version, ...values }: DeliveryPatchValues & { version: number }) {
  const existing = await repo.findDelivery(trx, caller.actor, id, true);
  if (!existing) throw notFound();
  if (existing.version !== version) throw conflict();
  if (movesOffItsTrip(existing, values)) throw new AppError(409, 'deliveries.errors.onTripChange');
  await checkReferences(trx, caller, values);
  const date = values.date ?? existing.date;
  const slip = values.slip_number ?? existing.slip_number;
  const itemCode = values.item_code === undefined ? existing.item_code : values.item_code;
  if (await repo.keyHolder(trx, date, slip, itemCode, existing.id)) throw duplicateSlip(caller.t);
  if (!(await repo.updateDelivery(trx, caller.actor.id, existing.id, version, columnsOf(values)))) throw conflict();
  return (await repo.findDelivery(trx, caller.actor, existing.id))!;
}

/** One delivery deleted at the version the caller saw; one on a trip stays. Answers the row as deleted. */
export async function deleteDelivery(trx: Executor, { t, actor }: Caller, id: number, version: number | undefined) {
  if (version === undefined) throw invalid({ version: t('deliveries.errors.versionRequired') });
  const [row] = await repo.lockForDelete(trx, actor, [id]);
  if (!row) throw notFound();
  if (row.version !== version) throw conflict();
  if (row.vehicle_allocation_id !== null) throw new AppError(409, 'deliveries.errors.onTrip', { slips: row.slip_number });
  const deleted = (await repo.findDelivery(trx, actor, row.id))!;
  await repo.softDelete(trx, actor.id, [row.id]);
  return { ...deleted, version: deleted.version + 1 };
}

/** Deletes all of `ids` or none: every one the caller's, none on a trip. Answers how many. */
export async function deleteDeliveries(trx: Executor, { actor }: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockForDelete(trx, actor, unique);
  if (rows.length !== unique.length) throw notFound();
  const onTrip = rows.filter((row) => row.vehicle_allocation_id !== null);
  if (onTrip.length) throw new AppError(409, 'deliveries.errors.onTrip', { slips: onTrip.map((row) => row.slip_number).slice(0, 10).join(', ') });
  return repo.softDelete(trx, actor.id, unique);
}
