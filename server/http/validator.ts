import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { compiledOnce } from './compiled.js';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
};

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Text of the URL (query, path) → the schema's types, strictly: only plain decimal digits become
 * numbers ("0x10", "1e3", " 1", "1.5" for an integer stay text, so the check refuses them); a single
 * value becomes a list where the schema wants one (`?id=1` as `?id=1&id=2`); an empty parameter
 * counts as absent. Anything else is left for the check to refuse.
 */
export function fromUrlText(schema: Schema, value: unknown): unknown {
  if (schema.type === 'array' && schema.items) {
    return (Array.isArray(value) ? value : [value]).map((item) => fromUrlText(schema.items!, item));
  }
  if (schema.type === 'object' && schema.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    const converted: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const property = schema.properties[key];
      if (property && property.type !== 'string' && item === '') continue;
      converted[key] = property ? fromUrlText(property, item) : item;
    }
    return converted;
  }
  if (typeof value !== 'string') return value;
  if (schema.type === 'integer' && INTEGER_TEXT.test(value)) return Number(value);
  if (schema.type === 'number' && NUMBER_TEXT.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * Every route's input is checked by TypeBox against its schema. JSON bodies are taken as sent — a
 * number is a JSON number, text a JSON string — so nothing is coerced: ajv's `coerceTypes` turned
 * "0x10" into 16 and ["x","y"] into "x,y". Only URL text, which has no types, is converted.
 */
const checkOf = compiledOnce((schema: TSchema) => Compile(schema));

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = checkOf(schema);
  const fromUrl = httpPart === 'querystring' || httpPart === 'params';
  return (input: unknown) => {
    const value = fromUrl ? fromUrlText(schema as Schema, input) : input;
    if (check.Check(value)) return { value };
    return { error: check.Errors(value) as unknown as FastifySchemaValidationError[] };
  };
};
