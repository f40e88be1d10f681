import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type { RealtimeBus } from './bus.js';

/** What a commit hook receives: the database (the transaction is over) and the bus to publish on. */
export interface Committed {
  db: Db;
  bus: RealtimeBus;
}

export type CommitHook = (committed: Committed) => Promise<unknown>;

const hooksOf = new WeakMap<Executor, CommitHook[]>();

/**
 * Runs `fn` once `trx` has committed, when `trx` is a `Realtime.transaction`; answers whether it will.
 * A rolled-back transaction runs nothing, and so does any other (a script's, a test's own).
 */
export function afterCommit(trx: Executor, fn: CommitHook): boolean {
  const hooks = hooksOf.get(trx);
  hooks?.push(fn);
  return hooks !== undefined;
}

/** The application's writes that publish once committed: `app.realtime`. */
export class Realtime {
  constructor(
    private readonly db: Db,
    readonly bus: RealtimeBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The one write path that speaks: runs `work` in a transaction and, after it committed, the hooks
   * it registered (`afterCommit`). A failure of a hook is logged and never fails the committed write.
   */
  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const hooks: CommitHook[] = [];
    const result = await this.db.transaction().execute((trx) => {
      hooksOf.set(trx, hooks);
      return work(trx);
    });
    const committed = { db: this.db, bus: this.bus };
    await Promise.all(hooks.map((hook) => hook(committed))).catch((error: Error) => this.log.error({ err: error }, 'realtime: publishing a write failed'));
    return result;
  }
}
