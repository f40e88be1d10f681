import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, userInfo } from 'node:os';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type TransactionSettings } from 'kysely';
import type { WriterType } from '../common/audit-log.js';

/**
 * Who writes, as the audit log records it (migration 0017): a user of the screens, a driver of the
 * driver app, a staff command run by an OS user (acting as a user), or unknown. `address` is the
 * client's, `process` the writing process (`pid@host`).
 */
export interface Writer {
  type: WriterType;
  user_id?: number;
  driver_id?: number;
  name?: string;
  address?: string;
  process: string;
}

/** The setting a transaction carries its writer in, read by the audit triggers. */
export const WRITER_SETTING = 'haisha.writer';

const thisProcess = `${process.pid}@${hostname()}`;

/** Whom this process writes for outside any request (start-up, timers): unknown, unless a command says. */
let processWriter: Writer = { type: 'unknown', process: thisProcess };
const requestWriters = new AsyncLocalStorage<() => Writer>();

/** A staff command: the OS user who runs it, and the application user it acts as once known. */
export function writeAsCommand(userId?: number) {
  processWriter = { type: 'command', name: userInfo().username, process: thisProcess, ...(userId ? { user_id: userId } : {}) };
}

/** Runs `work` (a request's handling) with its writer, asked for when a transaction begins. */
export function writingFor<T>(writer: () => Omit<Writer, 'process'>, work: () => T): T {
  return requestWriters.run(() => ({ ...writer(), process: thisProcess }), work);
}

export function currentWriter(): Writer {
  return requestWriters.getStore()?.() ?? processWriter;
}

/** Every transaction starts by naming its writer, transaction-local: the triggers of its writes read it. */
class WriterNamingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  acquireConnection() {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const writer = JSON.stringify(currentWriter());
    await this.inner.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select set_config('${WRITER_SETTING}', $1, true)`, [writer]));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.inner.releaseSavepoint!(...args);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect` whose transactions name their writer (see WriterNamingDriver). */
export function namingWriters(dialect: Dialect): Dialect {
  return {
    createDriver: () => new WriterNamingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
