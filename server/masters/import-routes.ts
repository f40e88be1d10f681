import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../http/schemas.js';
import { toCsv } from '../imports/csv.js';
import { importMaster } from '../imports/import-master.js';
import { ImportResult } from '../imports/schemas.js';
import { uploadedCsv } from '../imports/upload.js';
import type { MasterContext, MasterDefinition } from './definition.js';
import { fieldLabel } from './fields.js';
import { masterConfig, masterExportQuery } from './schemas.js';
import { masterExportRecords } from './export.js';
import { sendCsv } from '../http/csv.js';

/** A master's reads: the application's database, the caller and their language. */
export const readContext = (app: FastifyInstance, request: FastifyRequest): MasterContext => ({
  db: app.db,
  actor: request.actor,
  t: request.t,
});

/** The template, the export (the list's rows in the import's columns), the check (always rolled back) and the all-or-nothing import of one master's CSV. */
export function registerMasterImport(app: FastifyInstance, def: MasterDefinition) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = `/${def.resource}`;
  const config = masterConfig(def, 'import');
  const checked = { response: { 200: ImportResult, 422: ImportResult, ...errorResponses } };

  api.get(`${base}/import_template`, { schema: { response: { 200: Type.String(), ...errorResponses } }, config }, async (request, reply) => {
    const header = def.csvColumns.map((key) => fieldLabel(request.t, def, key));
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.resource}_template.csv"`);
    return toCsv([header]);
  });

  api.get(
    `${base}/export`,
    { schema: { querystring: masterExportQuery(def), response: { 200: Type.String(), ...errorResponses } }, config: masterConfig(def, 'list') },
    async (request, reply) => {
      const { encoding = 'utf8', ...query } = request.query;
      return sendCsv(reply, masterExportRecords(readContext(app, request), def, query), encoding, `${def.resource}.csv`);
    },
  );

  api.post(`${base}/check_file_import`, { schema: checked, config }, async (request) =>
    importMaster(app.db, def, request.actor, request.t, await uploadedCsv(request), { commit: false }),
  );

  api.post(`${base}/import`, { schema: checked, config }, async (request, reply) => {
    const result = await importMaster(app.db, def, request.actor, request.t, await uploadedCsv(request), { commit: true });
    return reply.status(result.ok ? 200 : 422).send(result);
  });
}
