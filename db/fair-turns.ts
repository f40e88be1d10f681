import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseConnection, type Driver, PGliteDialect, type PGliteDialectConfig, type QueryCompiler, type TransactionSettings } from 'kysely';
import { PreparingPGliteConnection } from './prepared.js';

/**
 * The embedded database's one connection, lent to one query or one whole transaction at a time, in
 * the order asked for, each turn starting on a new turn of the event loop.
 *
 * PGlite runs each statement synchronously on the main thread, and Kysely's mutex over its single
 * connection resumes the queued statements one after another as microtasks, without the event loop
 * polling in between. Under load that served sockets unfairly: at 50 connections a few requests
 * waited seconds (a plain route spinning a few ms per request shows the same tail). Here each turn
 * waits a `setImmediate`, which lets the poll phase read every socket that became ready first, and
 * requests are served in the order they arrived: the tail shrinks to a few times the median
 * (docs/performance.md).
 *
 * Code inside a transaction must use the transaction (`trx`), never the root `db`: a root query would
 * wait for the turn its own transaction holds.
 */
class Turns {
  #waiting: Array<() => void> = [];
  #busy = false;

  take(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      if (!this.#busy) this.#next();
    });
  }

  pass(): void {
    this.#next();
  }

  #next(): void {
    const resolve = this.#waiting.shift();
    this.#busy = resolve !== undefined;
    if (resolve) setImmediate(resolve);
  }
}

/** The connection Kysely's PGlite driver handed out, under the preparing one lent to queries. */
const own = (connection: DatabaseConnection) => (connection instanceof PreparingPGliteConnection ? connection.inner : connection);

class TurnTakingDriver implements Driver {
  readonly #turns = new Turns();

  constructor(
    private readonly inner: Driver,
    private readonly pglite: PGlite,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    return new PreparingPGliteConnection(this.pglite, await this.inner.acquireConnection());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(own(connection));
    } finally {
      this.#turns.pass();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(own(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(own(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(own(connection));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(own(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(own(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(own(connection), name, compile);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** Kysely's PGlite dialect with its connection lent in turns, running repeated statements by name (db/prepared.ts). */
export class TurnTakingPGliteDialect extends PGliteDialect {
  readonly #pglite: PGlite;

  constructor(config: PGliteDialectConfig & { pglite: PGlite }) {
    super(config);
    this.#pglite = config.pglite;
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(super.createDriver(), this.#pglite);
  }
}
