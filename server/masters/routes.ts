import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Action } from '../../common/permissions.js';
import { invalid } from '../errors.js';
import { schemaFieldErrors } from '../http/field-errors.js';
import { errorResponses, Id, IdParams } from '../http/schemas.js';
import type { MasterContext, MasterDefinition } from './definition.js';
import { readFields } from './fields.js';
import { MASTERS } from './index.js';
import { masterBody, masterConfig, masterListQuery, masterRecord } from './schemas.js';
import { approveRecord, createRecord, deleteRecords, findRecord, listRecords, updateRecord } from './service.js';
import { readContext, registerMasterImport } from './import-routes.js';

const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false });
const DeletedCount = Type.Object({ deleted: Type.Integer() });

/** Transactions start here, at the edge: one per write request. */
function inTransaction<T>(app: FastifyInstance, request: FastifyRequest, work: (ctx: MasterContext) => Promise<T>) {
  return app.db.transaction().execute((trx) => work({ db: trx, actor: request.actor, t: request.t }));
}

/**
 * A body that failed its schema: every wrong field is reported at once, the schema's failures and
 * the master's own field checks together, as a form expects. Other parts (the id) fail as usual.
 */
function refuseBody(request: FastifyRequest, def: MasterDefinition, partial: boolean): never {
  const error = request.validationError as FastifyError;
  const body = request.body;
  if (error.validationContext !== 'body' || !body || typeof body !== 'object' || Array.isArray(body)) throw error;
  const { errors } = readFields(def, body as Record<string, unknown>, request.t, partial);
  throw invalid({ ...errors, ...schemaFieldErrors(request, error) });
}

/** The simple-rest CRUD, bulk delete and CSV routes of one master under /api/<resource>. */
function registerMaster(app: FastifyInstance, def: MasterDefinition) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = `/${def.resource}`;
  const Record = masterRecord(def);
  const Body = masterBody(def);
  const offers = (action: Action) => !def.actions || def.actions.includes(action);
  const config = (action: Action) => masterConfig(def, action);

  api.get(
    base,
    { schema: { querystring: masterListQuery(def), response: { 200: Type.Array(Record), ...errorResponses } }, config: config('list') },
    async (request, reply) => {
      const { rows, total } = await listRecords(readContext(app, request), def, request.query);
      reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
      return rows;
    },
  );

  if (offers('import')) registerMasterImport(app, def);

  const one = { params: IdParams, response: { 200: Record, ...errorResponses } };
  api.get(`${base}/:id`, { schema: one, config: config('show') }, async (request) =>
    findRecord(readContext(app, request), def, request.params.id),
  );

  if (offers('create')) {
    const schema = { body: Body, response: { 201: Record, ...errorResponses } };
    api.post(base, { schema, attachValidation: true, config: config('create') }, async (request, reply) => {
      if (request.validationError) refuseBody(request, def, false);
      const created = await inTransaction(app, request, (ctx) => createRecord(ctx, def, request.body));
      return reply.status(201).send(created);
    });
  }

  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: `${base}/:id`,
      schema: { ...one, body: Body },
      attachValidation: true,
      config: config('edit'),
      handler: async (request) => {
        if (request.validationError) refuseBody(request, def, method === 'PATCH');
        return inTransaction(app, request, (ctx) => updateRecord(ctx, def, request.params.id, request.body, method === 'PATCH'));
      },
    });
  }

  if (def.temporary) {
    api.post(`${base}/:id/approve`, { schema: one, config: config('edit') }, async (request) =>
      inTransaction(app, request, (ctx) => approveRecord(ctx, def, request.params.id)),
    );
  }

  if (offers('delete')) {
    api.delete(`${base}/:id`, { schema: one, config: config('delete') }, async (request) => {
      const [deleted] = await inTransaction(app, request, (ctx) => deleteRecords(ctx, def, [request.params.id]));
      return deleted!;
    });

    api.post(
      `${base}/delete`,
      { schema: { body: IdsBody, response: { 200: DeletedCount, ...errorResponses } }, config: config('delete') },
      async (request) => {
        const ids = [...new Set(request.body.ids)];
        const deleted = await inTransaction(app, request, (ctx) => deleteRecords(ctx, def, ids));
        return { deleted: deleted.length };
      },
    );
  }
}

/** Every master's routes. */
export default async function masterRoutes(app: FastifyInstance) {
  for (const master of MASTERS) registerMaster(app, master);
}
