import type { FastifyError, FastifyRequest, FastifySchema, FastifySchemaValidationError } from 'fastify';
import type { MessageKey } from '../../common/locales/index.js';
import type { FieldErrors } from '../errors.js';
import { CALENDAR_DAY_FORMAT, CALENDAR_MONTH_FORMAT, NO_NUL_PATTERN } from './schemas.js';

interface SchemaNode {
  type?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/** The sub-schema an error points at (`#/properties/level/anyOf/0`). */
function schemaAt(root: unknown, path: string): SchemaNode {
  let node = root as Record<string, unknown>;
  for (const step of path.replace(/^#\/?/, '').split('/').filter(Boolean)) node = (node?.[step] ?? {}) as Record<string, unknown>;
  return node as SchemaNode;
}

const unescape = (segment: string) => decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * The fields an error is about, as dotted paths (`proposal.0.delivery_ids`, the form libraries' way of
 * naming a nested field): the property the failing value sits in, or those a `required` or
 * `additionalProperties` names inside it. An element of a list of values names the list (`ids`).
 */
function fieldsOf(error: FastifySchemaValidationError): string[] {
  const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
  const segments = error.instancePath.split('/').slice(1).map(unescape);
  const named = params.requiredProperties ?? params.additionalProperties;
  if (named) return named.map((name) => [...segments, name].join('.'));
  while (segments.length > 0 && /^\d+$/.test(segments.at(-1)!)) segments.pop();
  return [segments.join('.')];
}

/** A field's label: its own, else that of the property it ends in (`proposal.0.delivery_ids` → `delivery_ids`). */
const labelOf = (labels: Record<string, string>, field: string): string | undefined => labels[field] ?? labels[field.split('.').at(-1)!];

type Message = [key: MessageKey, params?: Record<string, unknown>];

/** A format's own message, where it has one better than "not in a valid format". */
const FORMAT_MESSAGES: Record<string, Message> = {
  [CALENDAR_DAY_FORMAT]: ['errors.invalidDate'],
  [CALENDAR_MONTH_FORMAT]: ['errors.invalidMonth'],
};

/** One localisable message per kind of failure, naming the field and the limit it broke. */
function messageOf(error: FastifySchemaValidationError, node: SchemaNode): Message {
  switch (error.keyword) {
    case 'required':
      return ['errors.required'];
    case 'additionalProperties':
    case 'boolean':
      return ['errors.unknownField'];
    case 'format':
      return FORMAT_MESSAGES[(error.params as { format?: string }).format ?? ''] ?? ['errors.invalidFormat'];
    case 'pattern':
      return (error.params as { pattern?: string }).pattern === NO_NUL_PATTERN ? ['errors.forbiddenCharacter'] : ['errors.invalidFormat'];
    case 'maxLength':
      return ['errors.tooLong', { max: node.maxLength }];
    case 'maxItems':
      return ['errors.tooMany', { max: node.maxItems }];
    case 'minimum':
    case 'maximum':
      return ['errors.outOfRange', { min: node.minimum ?? '', max: node.maximum ?? '' }];
    case 'type': {
      const expected = (error.params as { type?: string }).type;
      if (expected === 'integer') return ['errors.notInteger'];
      if (expected === 'number') return ['errors.notNumber'];
      if (expected === 'string') return ['errors.notText'];
      if (expected === 'array') return ['errors.notList'];
      return ['errors.invalidFormat'];
    }
    default:
      return ['errors.invalidFormat'];
  }
}

/**
 * A failed schema check → one localised message per field, the first failure of each (for a
 * nullable field, the failure of its non-null form). `labels` maps a field to its i18n label key.
 */
export function schemaFieldErrors(request: FastifyRequest, error: FastifyError): FieldErrors {
  const part = error.validationContext as keyof FastifySchema | undefined;
  const schema = part ? request.routeOptions.schema?.[part] : undefined;
  const labels = request.routeOptions.config.labels ?? {};
  const result: FieldErrors = {};
  for (const failure of error.validation ?? []) {
    if (failure.keyword === 'anyOf') continue;
    const [key, params] = messageOf(failure, schemaAt(schema, failure.schemaPath));
    for (const field of fieldsOf(failure)) {
      if (field in result) continue;
      const label = labelOf(labels, field);
      const name = label ? request.t(label) : field;
      result[field] = field ? request.t(key, { field: name, ...params }) : request.t('errors.validation');
    }
  }
  return result;
}
