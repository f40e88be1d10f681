/**
 * The facts about a master's fields that both sides hold: the server checks every write with them
 * (server/masters/fields.ts), the client's forms build their rules and inputs from them
 * (client/src/features/masters/declarations.ts).
 */
import type { MessageSection } from '../locales/index.js';
import type { Action, Area } from '../permissions.js';
import { DELIVERY_TYPE, DEPARTMENT_LEVELS, LOGIN_FLAG, USER_TYPE } from '../enums.js';
import {
  ADDRESS_MAX,
  AMOUNT_RANGE,
  CODE_PATTERN,
  EMAIL_PATTERN,
  LATITUDE_RANGE,
  LOGIN_ID_PATTERN,
  LONGITUDE_RANGE,
  NAME_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  TIME_PATTERN,
} from '../validation.js';

/** `boolean`: a yes/no switch; empty or absent on a create is `false`. */
/** `date`: a calendar day as YYYY-MM-DD text that exists (2026-02-30 does not). */
export type FieldType = 'string' | 'date' | 'integer' | 'number' | 'boolean';

export interface FieldFacts {
  /** the API's field and column; also the i18n key under `<namespace>.fields` */
  name: string;
  type: FieldType;
  required?: boolean;
  /** required when a row is created only (a user's password: the server's own rule asks for it) */
  requiredOnCreate?: boolean;
  /** maximum length of a string, checked by the API and the form */
  max?: number;
  /**
   * The longest text the pattern admits: the form stops there, the API refuses longer text by
   * its pattern (with the format message, not the length one).
   */
  inputMax?: number;
  /** minimum length of a string (passwords) */
  min?: number;
  pattern?: RegExp;
  range?: { readonly min: number; readonly max: number };
  /** accepted on writes but never stored or returned as such (a password, hashed by the server) */
  writeOnly?: boolean;
  /** the master (by API name) whose row this foreign key names */
  refersTo?: string;
  /** the values of a stored enum; its range is theirs */
  enum?: readonly number[];
}

export interface MasterFacts {
  /** URL segment under /api and the importer's name, e.g. `department` */
  resource: string;
  area: Area;
  /** locale namespace holding `fields.*` and `titles.*` */
  i18n: MessageSection;
  /** rows registered from the driver app stay temporary (仮登録) until an admin approves them */
  temporary?: boolean;
  /** the actions this master offers; default all of them */
  actions?: readonly Action[];
  /** the fields a client writes */
  fields: readonly FieldFacts[];
  /** columns clients read and filter on but never write (a driver's app login flag) */
  readOnly?: readonly FieldFacts[];
}

/** The stored values of the masters' enums; their labels are the client's. */
export const MASTER_ENUMS = {
  level: DEPARTMENT_LEVELS,
  userType: Object.values(USER_TYPE),
  deliveryType: Object.values(DELIVERY_TYPE),
  employmentType: [0, 1, 2],
  loginFlag: Object.values(LOGIN_FLAG),
  priceKind: [0, 1],
} as const satisfies Record<string, readonly number[]>;

/** A field is one of the master's, by name. */
export function factOf(master: MasterFacts, name: string): FieldFacts {
  const field = [...master.fields, ...(master.readOnly ?? [])].find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${master.resource} declares no field ${name}`);
  return field;
}

// Fields several masters share.
export const codeField: FieldFacts = { name: 'code', type: 'string', required: true, max: 20, pattern: CODE_PATTERN };
export const nameField: FieldFacts = { name: 'name', type: 'string', required: true, max: NAME_MAX };
export const kanaField: FieldFacts = { name: 'name_kana', type: 'string', max: NAME_MAX };
export const postalCodeField: FieldFacts = { name: 'postal_code', type: 'string', inputMax: 8, pattern: POSTAL_CODE_PATTERN };
export const addressField: FieldFacts = { name: 'address', type: 'string', max: ADDRESS_MAX };
export const phoneField: FieldFacts = { name: 'phone', type: 'string', inputMax: 20, pattern: PHONE_PATTERN };
export const emailField: FieldFacts = { name: 'email', type: 'string', max: 200, pattern: EMAIL_PATTERN };
export const latitudeField: FieldFacts = { name: 'latitude', type: 'number', range: LATITUDE_RANGE };
export const longitudeField: FieldFacts = { name: 'longitude', type: 'number', range: LONGITUDE_RANGE };
export const loginIdField: FieldFacts = { name: 'login_id', type: 'string', required: true, inputMax: 50, pattern: LOGIN_ID_PATTERN };
export const passwordField = (requiredOnCreate: boolean): FieldFacts => ({
  name: 'password',
  type: 'string',
  max: 200,
  min: PASSWORD_MIN,
  writeOnly: true,
  ...(requiredOnCreate ? { requiredOnCreate } : {}),
});
export const timeField = (name: string, required = false): FieldFacts => ({ name, type: 'string', pattern: TIME_PATTERN, required });
export const countField = (name: string, max = 1_000_000): FieldFacts => ({ name, type: 'integer', range: { min: 0, max } });
export const amountField = (name: string, required = false): FieldFacts => ({ name, type: 'number', range: AMOUNT_RANGE, required });
/** Yen are whole: the column is an integer, so 1.5 is refused rather than rounded by the database. */
export const yenField = (name: string): FieldFacts => ({ name, type: 'integer', range: AMOUNT_RANGE });
export const refField = (name: string, refersTo: string, required = false): FieldFacts => ({
  name,
  type: 'integer',
  refersTo,
  ...(required ? { required } : {}),
});
export const enumField = (name: string, values: readonly number[], required = true): FieldFacts => ({
  name,
  type: 'integer',
  enum: values,
  range: { min: Math.min(...values), max: Math.max(...values) },
  ...(required ? { required } : {}),
});
