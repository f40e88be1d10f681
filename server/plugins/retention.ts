import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneEntries } from '../audit-log/repository.js';
import { pruneReceipts, RECEIPT_RETENTION_DAYS } from '../driver-app/repository.js';
import type { Executor } from '../../db/executor.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the database keeps for a while only, removed when the server is ready and then once a day by every
 * process (a second removal finds nothing): the audit log after AUDIT_RETENTION_DAYS days (one year by
 * default); the driver screen's report receipts after RECEIPT_RETENTION_DAYS.
 */
export default fp(async function retention(app: FastifyInstance) {
  const tasks: { name: string; days: number; prune: (db: Executor, days: number) => Promise<number> }[] = [
    { name: 'audit log', days: app.config.AUDIT_RETENTION_DAYS, prune: pruneEntries },
    { name: 'driver report receipts', days: RECEIPT_RETENTION_DAYS, prune: pruneReceipts },
  ];
  const prune = async () => {
    for (const { name, days, prune: remove } of tasks) {
      try {
        const removed = await remove(app.db, days);
        if (removed > 0) app.log.info({ removed, days }, `${name} pruned`);
      } catch (error) {
        app.log.warn({ err: error }, `${name} not pruned`);
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
