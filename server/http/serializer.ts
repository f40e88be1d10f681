import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { compiledOnce } from './compiled.js';

/** Fastify's own response serializer (fast-json-stringify: the schema is an allow-list), compiled once per schema. */
const serializerOf = compiledOnce((schema: object) => fastJsonStringify(schema));

export const serializerCompiler: FastifySerializerCompiler<object> = ({ schema }) => serializerOf(schema);
