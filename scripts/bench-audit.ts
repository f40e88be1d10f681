// What the benches share to measure the audit log's cost: the same work with the audit triggers of
// some tables (migration 0017) switched off.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/** `work` with the audit triggers of `tables` off, switched on again afterwards. */
export async function withoutAudit<T>(db: Db, tables: string[], work: () => Promise<T>): Promise<T> {
  const audit = async (enable: boolean) => {
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`alter table ${table} ${enable ? 'enable' : 'disable'} trigger ${table}_audit_${event}`).execute(db);
    }
  };
  await audit(false);
  try {
    return await work();
  } finally {
    await audit(true);
  }
}

/**
 * `db` with the time its transactions take counted: an import of a staged master opens one, its
 * merge (server/imports/staging.ts), so `seconds()` is the merge's time. Every other member is the
 * database's own, bound to it.
 */
export function timingTransactions(db: Db): { db: Db; seconds: () => number } {
  let spent = 0;
  const timed = new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
              const started = performance.now();
              try {
                return await builder.execute(work);
              } finally {
                spent += performance.now() - started;
              }
            },
          };
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: timed, seconds: () => spent / 1000 };
}

/** The audit log's share of a duration: `audited` ÷ `unaudited` as a ratio, and how much longer that is in percent. */
export const auditCost = (audited: number, unaudited: number) =>
  `${(audited / unaudited).toFixed(2)}× (${(((audited - unaudited) / unaudited) * 100).toFixed(0)} %)`;
