import {
  ADDRESS_MAX,
  AMOUNT_RANGE,
  CODE_PATTERN,
  EMAIL_PATTERN,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  NAME_MAX,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  TIME_PATTERN,
} from '../../common/validation.js';
import type { Field } from './definition.js';

/** Fields that several masters share, declared once. */
export const codeField: Field = { name: 'code', type: 'string', required: true, max: 20, pattern: CODE_PATTERN };
export const nameField: Field = { name: 'name', type: 'string', required: true, max: NAME_MAX };
export const kanaField: Field = { name: 'name_kana', type: 'string', max: NAME_MAX };
export const phoneField: Field = { name: 'phone', type: 'string', pattern: PHONE_PATTERN };
export const emailField: Field = { name: 'email', type: 'string', max: 200, pattern: EMAIL_PATTERN };
export const latitudeField: Field = { name: 'latitude', type: 'number', range: LATITUDE_RANGE };
export const longitudeField: Field = { name: 'longitude', type: 'number', range: LONGITUDE_RANGE };
export const addressFields: Field[] = [
  { name: 'postal_code', type: 'string', pattern: POSTAL_CODE_PATTERN },
  { name: 'address', type: 'string', max: ADDRESS_MAX },
  phoneField,
  latitudeField,
  longitudeField,
];
export const timeField = (name: string, required = false): Field => ({ name, type: 'string', pattern: TIME_PATTERN, required });
export const countField = (name: string, max = 1_000_000): Field => ({ name, type: 'integer', range: { min: 0, max } });
export const amountField = (name: string, required = false): Field => ({ name, type: 'number', range: AMOUNT_RANGE, required });
/** Yen are whole: the column is an integer, so 1.5 is refused rather than rounded by the database. */
export const yenField = (name: string): Field => ({ name, type: 'integer', range: AMOUNT_RANGE });
