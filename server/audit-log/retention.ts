import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneEntries } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The audit log keeps AUDIT_RETENTION_DAYS days (one year by default): older entries are removed when
 * the server is ready and then once a day, by every process (a second removal finds nothing).
 */
export default fp(async function auditRetention(app: FastifyInstance) {
  const days = app.config.AUDIT_RETENTION_DAYS;
  const prune = async () => {
    try {
      const removed = await pruneEntries(app.db, days);
      if (removed > 0) app.log.info({ removed, days }, 'audit log pruned');
    } catch (error) {
      app.log.warn({ err: error }, 'audit log not pruned');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
