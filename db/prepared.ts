import { parse, type PGlite, protocol } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import pg from 'pg';

/** Statements with more parameters than this (long `in` lists, bulk writes) are never named. */
export const MAX_PREPARED_PARAMETERS = 32;
/** Distinct statements named in a process: each connection keeps at most this many prepared. */
export const MAX_PREPARED_STATEMENTS = 500;

const names = new Map<string, string>();
/** Texts run once so far: a statement is named when it comes back, so one-offs (migrations) take no name. */
const seenOnce = new Set<string>();

/** The name a statement is prepared under, if it may be: not too many parameters, and statementName gives one. */
function nameFor(text: string, parameters: readonly unknown[]): string | undefined {
  return parameters.length <= MAX_PREPARED_PARAMETERS ? statementName(text) : undefined;
}

/** The name of a statement's text, the same on every connection; undefined on its first run and once the cap is reached. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= MAX_PREPARED_STATEMENTS) return name;
  if (!seenOnce.has(text)) {
    if (seenOnce.size < 10 * MAX_PREPARED_STATEMENTS) seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const named = `haisha_${names.size + 1}`;
  names.set(text, named);
  return named;
}

/**
 * A pg client that prepares what Kysely sends (text and parameters) as a named statement: each
 * connection parses and plans a statement once, then only binds and executes it. Planning was the
 * larger part of the server's work for the list pages' short statements (docs/performance.md).
 * A statement's first run, statements with many parameters, and any new one past the cap are sent
 * unnamed as before.
 */
export class PreparingClient extends pg.Client {
  // pg's query() has a dozen overloads; only Kysely's (text, parameters) is changed, the rest pass through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one signature that accepts every overload
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
      const name = nameFor(config, values);
      if (name) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}

/** Per embedded database: the parameter types of each statement prepared in its one session. */
const preparedIn = new WeakMap<PGlite, Map<string, number[]>>();

function message(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** Parses and describes a statement under `name` once per database; answers its parameter types. */
async function prepare(pglite: PGlite, name: string, text: string): Promise<number[]> {
  const prepared = preparedIn.get(pglite) ?? new Map<string, number[]>();
  preparedIn.set(pglite, prepared);
  let types = prepared.get(name);
  if (!types) {
    const { serialize } = protocol;
    const { messages } = await pglite.execProtocol(message(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()));
    types = parse.parseDescribeStatementResults(messages);
    prepared.set(name, types);
  }
  return types;
}

/**
 * A statement run by name on the embedded database: bind, describe, execute and sync in one
 * message, with parameters serialised and rows parsed exactly as PGlite's own `query` does. Its
 * `query` parses and plans every statement again in six calls into the database.
 */
async function runPrepared(pglite: PGlite, name: string, query: CompiledQuery): Promise<QueryResult<unknown>> {
  return pglite._runExclusiveQuery(async () => {
    const types = await prepare(pglite, name, query.sql);
    const values = query.parameters.map((value, i) => {
      if (value == null) return null;
      const serializer = pglite.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    const execution = message(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
    const { messages } = await pglite.execProtocol(execution, { syncToFs: !pglite.isInTransaction() });
    const [result] = parse.parseResults(messages, pglite.parsers, { rowMode: 'object' });
    return { rows: result?.rows ?? [], numAffectedRows: BigInt(result?.affectedRows ?? 0) };
  });
}

/**
 * Kysely's connection to the embedded database, running what it may by name (the same rule as
 * PreparingClient) and the rest through PGlite's `query` as before.
 */
export class PreparingPGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    /** PGlite's own connection, which Kysely's PGlite driver expects back for transactions. */
    readonly inner: DatabaseConnection,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const name = nameFor(query.sql, query.parameters);
    return name ? (runPrepared(this.pglite, name, query) as Promise<QueryResult<R>>) : this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
