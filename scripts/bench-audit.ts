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

/** The audit log's share of a duration: `audited` ÷ `unaudited` as a ratio, and how much longer that is in percent. */
export const auditCost = (audited: number, unaudited: number) =>
  `${(audited / unaudited).toFixed(2)}× (${(((audited - unaudited) / unaudited) * 100).toFixed(0)} %)`;
