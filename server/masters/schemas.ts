import type { Action } from '../../common/permissions.js';
import { type TSchema, Type } from 'typebox';
import { CsvEncodingParam, Id, INT4_MAX, INT4_MIN, Nullable, Text, Timestamp } from '../http/schemas.js';
import type { Field, MasterDefinition, Row } from './definition.js';
import { isText } from './fields.js';

/**
 * The request and response schemas of a master, generated from its declaration so that they can
 * never disagree with it. Rules that need words (a code's pattern, a required field's message, a
 * reference being visible) stay in the master's rules; the schemas guarantee types and bounds.
 */

/** The most rows one list request asks for by id, and the deepest page it may ask for. */
const MAX_IDS = 500;
const MAX_OFFSET = INT4_MAX;

/** Bounds of a stored number: the field's own range, else its column's (ids are positive int4). */
function bounds(field: Field) {
  if (field.range) return { minimum: field.range.min, maximum: field.range.max };
  if (field.ref) return { minimum: 1, maximum: INT4_MAX };
  return field.type === 'integer' ? { minimum: INT4_MIN, maximum: INT4_MAX } : { minimum: -1e15, maximum: 1e15 };
}

/** What a client may send for one field. */
function fieldInput(field: Field): TSchema {
  if (isText(field)) return Text(field.max ? { maxLength: field.max } : {});
  if (field.type === 'boolean') return Type.Boolean();
  return field.type === 'integer' ? Type.Integer(bounds(field)) : Type.Number(bounds(field));
}

/** What a client receives for one field. */
function fieldOutput(field: Field): TSchema {
  if (isText(field)) return Type.String();
  if (field.type === 'boolean') return Type.Boolean();
  return field.type === 'integer' ? Type.Integer() : Type.Number();
}

const Version = Type.Integer({ minimum: 0, maximum: INT4_MAX });

/**
 * POST/PUT/PATCH body: the declared fields (null empties one) and the `version` the client loaded.
 * The other columns of the record as read (id, display names, timestamps) are accepted and ignored,
 * so a record fetched, changed and PUT back works; any other key is refused.
 */
export function masterBody(def: MasterDefinition) {
  const fields = Object.fromEntries(def.fields.map((field) => [field.name, Type.Optional(Nullable(fieldInput(field)))]));
  const asRead = Object.keys(recordProperties(def)).filter((name) => !(name in fields));
  const ignored = Object.fromEntries(asRead.map((name) => [name, Type.Optional(Type.Unknown())]));
  return Type.Object({ ...ignored, ...fields, version: Type.Optional(Nullable(Version)) }, { additionalProperties: false });
}

/** The columns of a row as clients receive it. */
function recordProperties(def: MasterDefinition) {
  const readable = [...def.fields.filter((field) => !field.writeOnly), ...(def.readOnly ?? [])];
  return {
    id: Id,
    ...Object.fromEntries(readable.map((field) => [field.name, Nullable(fieldOutput(field))])),
    ...Object.fromEntries(Object.keys(def.displayColumns ?? {}).map((alias) => [alias, Nullable(Type.String())])),
    ...(def.temporary ? { temporary_registration_date: Nullable(Timestamp) } : {}),
    version: Version,
    created_at: Timestamp,
    updated_at: Timestamp,
  };
}

/**
 * A row as clients receive it, and nothing more: fields that are not write-only, read-only columns,
 * display columns, id, version and timestamps. Serialisation drops every other column
 * (password_hash, token_version), whatever the query selected. Typed as the engine's Row: the
 * columns vary by master, the allow-list is the schema itself.
 */
export const masterRecord = (def: MasterDefinition) => Type.Unsafe<Row>(Type.Object(recordProperties(def)));

/** One value or a list of values (`?level=3&level=4`) of a filterable column. */
function filterValues(field: Field) {
  const value = isText(field) ? Text({ maxLength: field.max ?? 200 }) : fieldInput(field);
  return Type.Optional(Type.Array(value, { maxItems: MAX_IDS }));
}

/** `a`, `a,b`: one or more of the given words, comma-separated, as simple-rest sends sorts. */
const commaList = (words: string[]) => Type.String({ pattern: `^(${words.join('|')})(,(${words.join('|')}))*$` });

/** The list's search and filters, shared by its pages and its CSV export. */
function masterFilters(def: MasterDefinition) {
  const columns = [...def.fields, ...(def.readOnly ?? [])];
  const filters = def.filters.map((name) => {
    const field = columns.find((column) => column.name === name);
    if (!field) throw new Error(`${def.resource}: filter ${name} is not a declared column`);
    return [name, filterValues(field)] as const;
  });
  return {
    q: Type.Optional(Text({ maxLength: 100 })),
    id: Type.Optional(Type.Array(Id, { maxItems: MAX_IDS })),
    ...Object.fromEntries(filters),
    ...(def.temporary ? { temporary: Type.Optional(Type.Enum(['0', '1'])) } : {}),
  };
}

/**
 * The list query (Refine simple-rest): paging, sorting by the master's sorts, search, ids and the
 * master's filters, each typed and bounded like its column. Any other parameter is refused, so a
 * misspelt filter is an error rather than a silently unfiltered list.
 */
export function masterListQuery(def: MasterDefinition) {
  return Type.Object(
    {
      _start: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET })),
      _end: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET })),
      _sort: Type.Optional(commaList(def.sorts)),
      _order: Type.Optional(commaList(['asc', 'desc'])),
      ...masterFilters(def),
    },
    { additionalProperties: false },
  );
}

export const masterExportQuery = (def: MasterDefinition) => Type.Object({ ...masterFilters(def), encoding: CsvEncodingParam }, { additionalProperties: false });

/** field → i18n key of its label, for the messages of refused input. */
export function masterLabels(def: MasterDefinition): Record<string, string> {
  const names = [...def.fields, ...(def.readOnly ?? [])].map((field) => field.name);
  return Object.fromEntries(names.map((name) => [name, `${def.i18n}.fields.${name}`]));
}

/** What every route of a master declares: who may call it, and how its fields are named in messages. */
export const masterConfig = (def: MasterDefinition, action: Action) => ({
  permission: { area: def.area, action },
  labels: masterLabels(def),
});
