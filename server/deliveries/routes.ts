import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { isCarrier } from '../../common/permissions.js';
import { forbidden } from '../errors.js';
import { sendCsv } from '../http/csv.js';
import { toCsv } from '../imports/csv.js';
import { uploadedCsv } from '../imports/upload.js';
import { importDeliveries, templateHeader } from './import.js';
import {
  bulkDeleteSchema,
  createSchema,
  deleteSchema,
  deliveryLabels,
  exportSchema,
  importSchema,
  listSchema,
  patchSchema,
  showSchema,
  templateSchema,
  updateSchema,
} from './schemas.js';
import { createDelivery, deleteDeliveries, deleteDelivery, editDelivery, exportRecords, listDeliveries, showDelivery } from './service.js';

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

const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/delivery', { schema: listSchema, config: permission('list') }, async (request, reply) => {
    const { rows, total } = await listDeliveries(app.db, request, request.query);
    reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
    return rows;
  });

  app.get('/delivery/export', { schema: exportSchema, config: permission('list') }, async (request, reply) => {
    const { encoding = 'utf8', ...filters } = request.query;
    return sendCsv(reply, exportRecords(app.db, request, filters), encoding, `deliveries_${filters.date_from}_${filters.date_to}.csv`);
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

  app.post('/delivery/delete', { schema: bulkDeleteSchema, config: permission('delete'), onRequest: refuseCarriers }, async (request) => ({
    deleted: await app.db.transaction().execute((trx) => deleteDeliveries(trx, request, request.body.ids)),
  }));

  app.get('/delivery/:id', { schema: showSchema, config: permission('show') }, async (request) => showDelivery(app.db, request, request.params.id));

  app.post('/delivery', { schema: createSchema, config: permission('create'), onRequest: refuseCarriers }, async (request, reply) => {
    const row = await app.db.transaction().execute((trx) => createDelivery(trx, request, request.body));
    return reply.status(201).send(row);
  });

  const edit = { config: permission('edit'), onRequest: refuseCarriers };
  app.put('/delivery/:id', { schema: updateSchema, ...edit }, async (request) =>
    app.db.transaction().execute((trx) => editDelivery(trx, request, request.params.id, request.body)),
  );
  app.patch('/delivery/:id', { schema: patchSchema, ...edit }, async (request) =>
    app.db.transaction().execute((trx) => editDelivery(trx, request, request.params.id, request.body)),
  );

  app.delete('/delivery/:id', { schema: deleteSchema, config: permission('delete'), onRequest: refuseCarriers }, async (request) =>
    app.db.transaction().execute((trx) => deleteDelivery(trx, request, request.params.id, request.body?.version ?? request.query.version)),
  );
};

export default deliveryRoutes;
