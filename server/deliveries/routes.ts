import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { isCarrier } from '../../common/permissions.js';
import type { Executor } from '../../db/executor.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import { sendCsv } from '../http/csv.js';
import { exportCells, exportHeader } from './export.js';
import { toCsv } from '../imports/csv.js';
import { uploadedCsv } from '../imports/upload.js';
import { importDeliveries, templateHeader } from './import.js';
import {
  type DeliveryColumns,
  exportPages,
  findDelivery,
  insertDelivery,
  keyHolder,
  listDeliveries,
  liveCustomer,
  lockForDelete,
  readColumnConfig,
  softDelete,
  tripAndStop,
  updateDelivery,
  visibleDestination,
  writableCenter,
  writeColumnConfig,
} from './repository.js';
import { movesOffItsTrip, rangeErrors } from './rules.js';
import {
  bulkDeleteSchema,
  columnConfigLabels,
  createSchema,
  deleteSchema,
  deliveryLabels,
  type DeliveryPatchValues,
  exportSchema,
  getColumnConfigSchema,
  importSchema,
  listSchema,
  patchSchema,
  putColumnConfigSchema,
  showSchema,
  templateSchema,
  updateSchema,
} from './schemas.js';

const permission = (action: 'list' | 'show' | 'create' | 'edit' | 'delete' | 'import') => ({
  permission: { area: 'delivery' as const, action },
  labels: deliveryLabels,
});

/**
 * A delivery company's staff read the deliveries on their trips but never change the list: their
 * writes are refused 403 before the body is read (the permission table lets level 5 into the area).
 */
async function refuseCarriers(request: FastifyRequest) {
  if (isCarrier(request.actor)) throw forbidden();
}

const label = (t: Translate, field: string) => t(`deliveries.fields.${field}`);

/** The references a write names: a center of the caller's subtree, a store they see, a live customer. */
async function checkReferences(db: Executor, request: FastifyRequest, values: DeliveryPatchValues) {
  const { t, actor } = request;
  const errors: Record<string, string> = {};
  if (values.department_id !== undefined) {
    const center = await writableCenter(db, actor, values.department_id);
    if (!center) errors.department_id = t('errors.refNotFound', { field: label(t, 'department_id') });
    else if (center.level !== 4) errors.department_id = t('deliveries.errors.notCenter');
  }
  if (values.delivery_destination_id !== undefined && !(await visibleDestination(db, actor, values.delivery_destination_id))) {
    errors.delivery_destination_id = t('errors.refNotFound', { field: label(t, 'delivery_destination_id') });
  }
  if (values.customer_id !== undefined && values.customer_id !== null && !(await liveCustomer(db, values.customer_id))) {
    errors.customer_id = t('errors.refNotFound', { field: label(t, 'customer_id') });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const duplicateSlip = (t: Translate) => new AppError(409, 'deliveries.errors.duplicateSlip', {}, { slip_number: t('deliveries.errors.duplicateSlip') });

/** Optional columns a form may leave out: absent is null on create. */
function columnsOf(values: DeliveryPatchValues): Partial<DeliveryColumns> {
  const columns: Partial<DeliveryColumns> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined && name !== 'version') (columns as Record<string, unknown>)[name] = value;
  return columns;
}

const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rangeChecked = (request: FastifyRequest, from: string, to: string) => {
    const errors = rangeErrors(request.t, from, to);
    if (errors) throw invalid(errors);
  };

  app.get('/delivery', { schema: listSchema, config: permission('list') }, async (request, reply) => {
    rangeChecked(request, request.query.date_from, request.query.date_to);
    const { rows, total } = await listDeliveries(app.db, request.actor, request.query);
    reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
    return rows;
  });

  app.get('/delivery/export', { schema: exportSchema, config: permission('list') }, async (request, reply) => {
    const { encoding = 'utf8', ...filters } = request.query;
    rangeChecked(request, filters.date_from, filters.date_to);
    const { t, actor } = request;
    async function* records() {
      yield exportHeader(t);
      for await (const page of exportPages(app.db, actor, filters)) for (const row of page) yield exportCells(t, row);
    }
    return sendCsv(reply, records(), encoding, `deliveries_${filters.date_from}_${filters.date_to}.csv`);
  });

  app.get('/delivery/template', { schema: templateSchema, config: permission('import') }, async (request, reply) => {
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="delivery_template.csv"');
    return toCsv([templateHeader(request.t)]);
  });

  for (const [path, commit] of [
    ['/delivery/check_file_import', false],
    ['/delivery/import', true],
  ] as const) {
    app.post(path, { schema: importSchema, config: permission('import'), onRequest: refuseCarriers }, async (request, reply) => {
      const result = await importDeliveries(app.db, request.actor, request.t, request.query.date, await uploadedCsv(request), { commit });
      return reply.status(commit && !result.ok ? 422 : 200).send(result);
    });
  }

  app.post('/delivery/delete', { schema: bulkDeleteSchema, config: permission('delete'), onRequest: refuseCarriers }, async (request) =>
    app.db.transaction().execute(async (trx) => {
      const ids = [...new Set(request.body.ids)];
      const rows = await lockForDelete(trx, request.actor, ids);
      if (rows.length !== ids.length) throw notFound();
      const onTrip = rows.filter((row) => row.vehicle_allocation_id !== null);
      if (onTrip.length) throw new AppError(409, 'deliveries.errors.onTrip', { slips: onTrip.map((row) => row.slip_number).slice(0, 10).join(', ') });
      return { deleted: await softDelete(trx, request.actor.id, ids) };
    }),
  );

  app.get('/delivery/:id', { schema: showSchema, config: permission('show') }, async (request) => {
    const row = await findDelivery(app.db, request.actor, request.params.id);
    if (!row) throw notFound();
    return { ...row, ...(await tripAndStop(app.db, row.vehicle_allocation_id, row.stop_seq)) };
  });

  app.post('/delivery', { schema: createSchema, config: permission('create'), onRequest: refuseCarriers }, async (request, reply) => {
    const row = await app.db.transaction().execute(async (trx) => {
      const values = request.body;
      await checkReferences(trx, request, values);
      if (await keyHolder(trx, values.date, values.slip_number, values.item_code ?? null)) throw duplicateSlip(request.t);
      const columns: DeliveryColumns = {
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
      const id = await insertDelivery(trx, request.actor.id, columns);
      return findDelivery(trx, request.actor, id);
    });
    return reply.status(201).send(row!);
  });

  /** PUT and PATCH: the row locked, its version checked, a delivery on a trip kept in place. */
  const update = (request: FastifyRequest, id: number, { version, ...values }: DeliveryPatchValues & { version: number }) =>
    app.db.transaction().execute(async (trx) => {
      const existing = await findDelivery(trx, request.actor, id, true);
      if (!existing) throw notFound();
      if (existing.version !== version) throw conflict();
      if (movesOffItsTrip(existing, values)) throw new AppError(409, 'deliveries.errors.onTripChange');
      await checkReferences(trx, request, values);
      const date = values.date ?? existing.date;
      const slip = values.slip_number ?? existing.slip_number;
      const itemCode = values.item_code === undefined ? existing.item_code : values.item_code;
      if (await keyHolder(trx, date, slip, itemCode, existing.id)) throw duplicateSlip(request.t);
      if (!(await updateDelivery(trx, request.actor.id, existing.id, version, columnsOf(values)))) throw conflict();
      return (await findDelivery(trx, request.actor, existing.id))!;
    });

  app.put('/delivery/:id', { schema: updateSchema, config: permission('edit'), onRequest: refuseCarriers }, async (request) => update(request, request.params.id, request.body));
  app.patch('/delivery/:id', { schema: patchSchema, config: permission('edit'), onRequest: refuseCarriers }, async (request) => update(request, request.params.id, request.body));

  app.delete('/delivery/:id', { schema: deleteSchema, config: permission('delete'), onRequest: refuseCarriers }, async (request) =>
    app.db.transaction().execute(async (trx) => {
      const version = request.body?.version ?? request.query.version;
      if (version === undefined) throw invalid({ version: request.t('deliveries.errors.versionRequired') });
      const [row] = await lockForDelete(trx, request.actor, [request.params.id]);
      if (!row) throw notFound();
      if (row.version !== version) throw conflict();
      if (row.vehicle_allocation_id !== null) throw new AppError(409, 'deliveries.errors.onTrip', { slips: row.slip_number });
      const deleted = (await findDelivery(trx, request.actor, row.id))!;
      await softDelete(trx, request.actor.id, [row.id]);
      return { ...deleted, version: deleted.version + 1 };
    }),
  );

  app.get('/user/column_config', { schema: getColumnConfigSchema, config: { anyUser: true, labels: columnConfigLabels } }, async (request) =>
    readColumnConfig(app.db, request.actor.id),
  );

  app.put('/user/column_config', { schema: putColumnConfigSchema, config: { anyUser: true, labels: columnConfigLabels } }, async (request) =>
    app.db.transaction().execute(async (trx) => {
      await writeColumnConfig(trx, request.actor.id, request.body);
      return readColumnConfig(trx, request.actor.id);
    }),
  );
};

export default deliveryRoutes;
