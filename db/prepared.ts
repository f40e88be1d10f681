import pg from 'pg';

/** Statements with more parameters than this (long `in` lists, bulk writes) are never named. */
export const MAX_PREPARED_PARAMETERS = 32;
/** Distinct statements named in a process: each connection keeps at most this many prepared. */
export const MAX_PREPARED_STATEMENTS = 500;

const names = new Map<string, string>();
/** Texts run once so far: a statement is named when it comes back, so one-offs (migrations) take no name. */
const seenOnce = new Set<string>();

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
  // pg's query() has a dozen overloads; only Kysely's (text, parameters) is changed.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length <= MAX_PREPARED_PARAMETERS && callback === undefined) {
      const name = statementName(config);
      if (name) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}
