import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { compiledOnce } from './compiled.js';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (schema: unknown) => isSchema(schema) && schema.type === 'null';
/** A schema fast-json-stringify writes by its own type, without choosing among options. */
const isPlain = (schema: unknown): schema is Schema =>
  isSchema(schema) && typeof schema.type === 'string' && schema.type !== 'null' && !('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema);

/** The keywords whose value is a map of names to schemas, not a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * The response schema as fast-json-stringify writes it fastest, meaning the same. A nullable value
 * (`Nullable(T)`: anyOf T or null) becomes T with `nullable: true`: fast-json-stringify writes
 * `null` or T directly, where for an anyOf it runs an Ajv validator per option on every value to
 * choose one (a page of 50 vehicles ran about a thousand, and their failures' error objects were a
 * seventh of what a list request allocated). Other schemas are copied as they are.
 */
export function serializable(schema: unknown, keyword?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => serializable(item));
  if (!isSchema(schema)) return schema;
  if (keyword !== undefined && SCHEMA_MAPS.has(keyword)) {
    return Object.fromEntries(Object.entries(schema).map(([name, value]) => [name, serializable(value)]));
  }
  const options = schema.anyOf;
  if (Array.isArray(options) && options.length === 2 && options.some(isNull)) {
    const [value] = options.filter((option) => !isNull(option));
    if (isPlain(value)) {
      const { anyOf: _options, ...siblings } = schema;
      return { ...(serializable(value) as Schema), ...siblings, nullable: true };
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([name, value]) => [name, serializable(value, name)]));
}

/** Fastify's own response serializer (fast-json-stringify: the schema is an allow-list), compiled once per schema. */
const serializerOf = compiledOnce((schema: object) => fastJsonStringify(serializable(schema) as object));

export const serializerCompiler: FastifySerializerCompiler<object> = ({ schema }) => serializerOf(schema);
