import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../errors.js';
import { databaseAnswers } from './repository.js';
import { healthSchema, readySchema } from './schemas.js';

/**
 * The probes of a load balancer, a process manager or a container platform, outside `/api` and without
 * authentication: `GET /healthz` (the process is alive) and `GET /readyz` (the database answers; a
 * localised 503 when it does not). They tell nothing about the data, the version or the configuration.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: healthSchema }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: readySchema }, async () => {
    if (!(await databaseAnswers(app.db))) throw new AppError(503, 'errors.databaseUnavailable');
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
