import type { Expression, Kysely, SqlBool } from 'kysely';
import type { MessageKey } from '../../common/locales/index.js';
import type { FieldFacts, MasterFacts } from '../../common/masters/index.js';
import type { Actor } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { DisplayColumn } from './display.js';

/**
 * A foreign key: on writes the referenced row must be live and visible to the caller; in CSV the
 * column `csv` names it by its `by` column (a code) and is resolved the same way.
 */
export interface FieldRef {
  table: string;
  by: string;
  csv: string;
  scope(actor: Actor): Expression<SqlBool> | undefined;
}

/** One column a client may write, with the checks every write applies (common/masters); a foreign key with how it resolves. */
export interface Field extends FieldFacts {
  ref?: FieldRef;
}

/**
 * The master's shared fields, each foreign key (`refersTo`) given its server side: the table, the
 * CSV column naming it and the scope it is seen through.
 */
export function fieldsOf(fields: readonly FieldFacts[], refs: Record<string, FieldRef> = {}): Field[] {
  const named = new Set(fields.filter((field) => field.refersTo).map((field) => field.name));
  const stray = Object.keys(refs).find((name) => !named.has(name));
  if (stray) throw new Error(`${stray} is no foreign key`);
  return fields.map((field) => {
    if (!field.refersTo) return field;
    const ref = refs[field.name];
    if (!ref) throw new Error(`foreign key ${field.name} has no reference`);
    return { ...field, ref };
  });
}

/** A row elsewhere that refers to this master and so blocks its deletion. */
export interface Reference {
  table: string;
  column: string;
  /** i18n key naming what refers, e.g. menu.user */
  labelKey: MessageKey;
}

/** What a master's own rules can use: the transaction, the caller and their language. */
export interface MasterContext {
  db: Kysely<any>;
  actor: Actor;
  t: Translate;
}

export type Values = Record<string, string | number | boolean | null>;
export type Row = Record<string, unknown> & { id: number; version: number };

/**
 * A master declared as data: its shared facts (common/masters) and what only the server knows. The generic routes, service and CSV importer serve every master
 * from its declaration (its request and response schemas too: `server/masters/schemas.ts`); only
 * rules that really differ live in `check`, `toColumns`, `checkDelete` and `afterWrite`.
 * Every column a client receives is declared here: a column that is not (a password hash) never leaves.
 */
export interface MasterDefinition extends Omit<MasterFacts, 'fields' | 'readOnly'> {
  table: string;
  /** the business key (a code, or several columns): unique among live rows, used by CSV upsert */
  key: string[];
  /**
   * The one message for a key already held, live or soft-deleted, inside the caller's scope or not:
   * for keys that must not tell who holds them (login ids).
   */
  keyTaken?: MessageKey;
  fields: Field[];
  search: string[];
  /** columns a list may be sorted by (`_sort`): the table's own, or display columns (sorted by the name shown) */
  sorts: string[];
  /** columns a list may be filtered by: declared fields or `readOnly` columns, typed like them */
  filters: string[];
  /** CSV columns in template order: field names, or a reference's code column (`FieldRef.csv`) */
  csvColumns: string[];
  references: Reference[];
  /** rows that belong to this one and are soft-deleted with it (a center's operation times) */
  cascade?: { table: string; column: string }[];
  /**
   * Its live rows are counted in `<table>_counts` by the columns `scope` reads (triggers of migration
   * 2026-11-27-0014): an unfiltered list's total is summed from there.
   */
  counted?: boolean;
  /** Restricts queries on `table` (aliased as itself) to what the actor may see; undefined = all. */
  scope(actor: Actor): Expression<SqlBool> | undefined;
  /** What the actor may change, when narrower than what they may see. */
  writeScope?(actor: Actor): Expression<SqlBool> | undefined;
  /** Columns clients read and filter on but never write (a driver's app login flag). */
  readOnly?: readonly Field[];
  /** Extra display columns joined in lists and reads, by the name the client reads, e.g. the parent's name. */
  displayColumns?: Record<string, DisplayColumn>;
  /** Rules across fields or rows, after each field passed its own checks. */
  check?(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors>;
  /** Field values → stored columns, when they differ (hashing a password). */
  toColumns?(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<Record<string, unknown>>;
  /** Refuses a deletion the generic reference check does not cover (one's own account). */
  checkDelete?(ctx: MasterContext, ids: number[]): Promise<void>;
  /** Work that follows a create or an update in the same transaction. */
  afterWrite?(ctx: MasterContext, id: number, values: Values): Promise<void>;
}
