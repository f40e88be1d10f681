import { isCalendarDay } from '../../common/deliveries.js';
import type { FieldErrors } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { Field, MasterDefinition, Values } from './definition.js';

const EMPTY = new Set([undefined, null, '']);

const INVALID = Symbol('invalid');

/** A field held as text: a string, or a day written YYYY-MM-DD. */
export const isText = (field: Field) => field.type === 'string' || field.type === 'date';
/** Plain decimals only: `Number()` would also read "0x10" as 16, "1e3" as 1000 and "Infinity". */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A body value (already typed by the route's schema) or a CSV cell (text) → the field's type.
 * Anything else — an array, an object — is invalid, never turned into text.
 */
function coerce(field: Field, raw: unknown): string | number | boolean | null | typeof INVALID {
  if (field.type === 'boolean') return booleanOf(raw);
  if (EMPTY.has(raw as string)) return null;
  if (typeof raw === 'number') return isText(field) || !Number.isFinite(raw) ? INVALID : integerOk(field, raw);
  if (typeof raw !== 'string') return INVALID;
  const text = raw.trim();
  if (isText(field)) return text || null;
  if (!text) return null;
  return DECIMAL_TEXT.test(text) ? integerOk(field, Number(text)) : INVALID;
}

/** What a field holds when a new row leaves it empty: nothing, or off for a switch. */
export const emptyValue = (field: Field) => (field.type === 'boolean' ? false : null);

/** A switch: JSON true/false, or in a CSV cell 1/0, true/false; empty is off. */
const BOOLEAN_TEXT: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };
function booleanOf(raw: unknown): boolean | typeof INVALID {
  if (typeof raw === 'boolean') return raw;
  if (EMPTY.has(raw as string)) return false;
  return typeof raw === 'string' && raw.trim().toLowerCase() in BOOLEAN_TEXT ? BOOLEAN_TEXT[raw.trim().toLowerCase()]! : INVALID;
}

const integerOk = (field: Field, value: number) => (field.type === 'integer' && !Number.isInteger(value) ? INVALID : value);

/** The field's problem with a value of its type, if any; the label is looked up only for a message. */
function checkValue(def: MasterDefinition, field: Field, value: string | number | boolean, t: Translate): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return t('errors.forbiddenCharacter', { field: fieldLabel(t, def, field.name) });
    if (field.max && value.length > field.max) return t('errors.tooLong', { field: fieldLabel(t, def, field.name), max: field.max });
    if (field.pattern && !field.pattern.test(value)) return t('errors.invalidFormat', { field: fieldLabel(t, def, field.name) });
    if (field.type === 'date' && !isCalendarDay(value)) return t('errors.invalidDate', { field: fieldLabel(t, def, field.name) });
  }
  if (typeof value === 'number' && field.range && (value < field.range.min || value > field.range.max)) {
    return t('errors.outOfRange', { field: fieldLabel(t, def, field.name), ...field.range });
  }
  return undefined;
}

export const fieldLabel = (t: Translate, def: MasterDefinition, name: string) => t(`${def.i18n}.fields.${name}`);

/**
 * Reads the declared fields from a body or CSV record: types coerced, each field checked, one
 * localised message per wrong field. `partial` (PATCH) checks only the fields present.
 */
export function readFields(
  def: MasterDefinition,
  input: Record<string, unknown>,
  t: Translate,
  partial = false,
): { values: Values; errors: FieldErrors } {
  const values: Values = {};
  const errors: FieldErrors = {};
  for (const field of def.fields) {
    if (partial && !(field.name in input)) continue;
    const value = coerce(field, input[field.name]);
    if (value === INVALID) {
      errors[field.name] = t('errors.invalidFormat', { field: fieldLabel(t, def, field.name) });
    } else if (value === null) {
      if (field.required) errors[field.name] = t('errors.required', { field: fieldLabel(t, def, field.name) });
      values[field.name] = null;
    } else {
      const problem = checkValue(def, field, value, t);
      if (problem) errors[field.name] = problem;
      values[field.name] = value;
    }
  }
  return { values, errors };
}
