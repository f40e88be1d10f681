import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Action } from '../../common/permissions.js';
import { importMaster } from '../imports/import-master.js';
import { toCsv } from '../imports/csv.js';
import { uploadedCsv } from '../imports/upload.js';
import type { MasterContext, MasterDefinition } from './definition.js';
import { fieldLabel } from './fields.js';
import { approveRecord, createRecord, deleteRecords, findRecord, listRecords, type ListQuery, updateRecord } from './service.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const IdsBody = Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }) });
const ListQuerySchema = Type.Object(
  {
    _start: Type.Optional(Type.Integer({ minimum: 0 })),
    _end: Type.Optional(Type.Integer({ minimum: 0 })),
    _sort: Type.Optional(Type.String()),
    _order: Type.Optional(Type.String()),
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);

/** The body a master accepts: its declared fields (typed and checked by the master's rules) and `version`. */
function bodySchema(def: MasterDefinition) {
  const properties = Object.fromEntries(def.fields.map((f) => [f.name, Type.Optional(Type.Unknown())]));
  return Type.Object({ ...properties, version: Type.Optional(Type.Unknown()) }, { additionalProperties: false });
}

const permission = (def: MasterDefinition, action: Action) => ({ permission: { area: def.area, action } });

/** Transactions start here, at the edge: one per write request. */
function inTransaction<T>(app: FastifyInstance, request: FastifyRequest, work: (ctx: MasterContext) => Promise<T>) {
  return app.db.transaction().execute((trx) => work({ db: trx, actor: request.actor, t: request.t }));
}

const readContext = (app: FastifyInstance, request: FastifyRequest): MasterContext => ({
  db: app.db,
  actor: request.actor,
  t: request.t,
});

/** Registers the simple-rest CRUD, bulk delete and CSV routes of one master under /api/<resource>. */
export function registerMaster(app: FastifyInstance, def: MasterDefinition) {
  const base = `/${def.resource}`;
  const body = bodySchema(def);
  const offers = (action: Action) => !def.actions || def.actions.includes(action);
  type Id = { Params: { id: number } };

  app.get<{ Querystring: ListQuery }>(base, { schema: { querystring: ListQuerySchema }, config: permission(def, 'list') }, async (request, reply) => {
    const { rows, total } = await listRecords(readContext(app, request), def, request.query);
    reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
    return rows;
  });

  if (offers('import')) registerImport(app, def);

  app.get<Id>(`${base}/:id`, { schema: { params: IdParams }, config: permission(def, 'show') }, async (request) =>
    findRecord(readContext(app, request), def, request.params.id),
  );

  if (offers('create')) {
    app.post<{ Body: Record<string, unknown> }>(base, { schema: { body }, config: permission(def, 'create') }, async (request, reply) => {
      const created = await inTransaction(app, request, (ctx) => createRecord(ctx, def, request.body));
      return reply.status(201).send(created);
    });
  }

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<Id & { Body: Record<string, unknown> }>({
      method,
      url: `${base}/:id`,
      schema: { params: IdParams, body },
      config: permission(def, 'edit'),
      handler: async (request) =>
        inTransaction(app, request, (ctx) => updateRecord(ctx, def, request.params.id, request.body, method === 'PATCH')),
    });
  }

  if (def.temporary) {
    app.post<Id>(`${base}/:id/approve`, { schema: { params: IdParams }, config: permission(def, 'edit') }, async (request) =>
      inTransaction(app, request, (ctx) => approveRecord(ctx, def, request.params.id)),
    );
  }

  if (offers('delete')) {
    app.delete<Id>(`${base}/:id`, { schema: { params: IdParams }, config: permission(def, 'delete') }, async (request) => {
      const [deleted] = await inTransaction(app, request, (ctx) => deleteRecords(ctx, def, [request.params.id]));
      return deleted;
    });

    app.post<{ Body: { ids: number[] } }>(`${base}/delete`, { schema: { body: IdsBody }, config: permission(def, 'delete') }, async (request) => {
      const ids = [...new Set(request.body.ids)];
      const deleted = await inTransaction(app, request, (ctx) => deleteRecords(ctx, def, ids));
      return { deleted: deleted.length };
    });
  }
}

/** The template, the check (always rolled back) and the all-or-nothing import of one master. */
function registerImport(app: FastifyInstance, def: MasterDefinition) {
  const base = `/${def.resource}`;
  app.get(`${base}/import_template`, { config: permission(def, 'import') }, async (request, reply) => {
    const header = def.csvColumns.map((key) => fieldLabel(request.t, def, key));
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.resource}_template.csv"`);
    return toCsv([header]);
  });

  app.post(`${base}/check_file_import`, { config: permission(def, 'import') }, async (request) =>
    importMaster(app.db, def, request.actor, request.t, await uploadedCsv(request), { commit: false }),
  );

  app.post(`${base}/import`, { config: permission(def, 'import') }, async (request, reply) => {
    const result = await importMaster(app.db, def, request.actor, request.t, await uploadedCsv(request), { commit: true });
    return reply.status(result.ok ? 200 : 422).send(result);
  });
}
