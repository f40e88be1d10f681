import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Writer, writingFor } from '../../db/audit.js';

/** Who a request writes as: its user or driver once authenticated, else unknown; from its client's address. */
function writerOf(request: FastifyRequest): Omit<Writer, 'process'> {
  const address = request.ip;
  if (request.actor) return { type: 'user', user_id: request.actor.id, name: request.actor.name, address };
  if (request.driver) return { type: 'driver', driver_id: request.driver.id, name: request.driver.name, address };
  return { type: 'unknown', address };
}

/**
 * Every request is handled as its writer's: each transaction it opens names them to the audit
 * triggers (db/audit.ts), whatever route, service or import opens it.
 */
export default fp(async function auditPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    writingFor(() => writerOf(request), done);
  });
});
