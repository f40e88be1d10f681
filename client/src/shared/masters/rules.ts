/**
 * The rules the master screens follow, as plain functions (tested in tests/client/masters.test.ts):
 * form validation per field, what a carrier or a read-only user gets, enum options, list cells.
 */
import type { BaseKey, CrudFilters } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import { LEVEL } from '../../../../common/enums.js';
import type { CsvEncoding } from '../../../../common/reports.js';
import { assignableUserTypes, isCarrier as isCarrierActor, needsBaseCenter, type Action, type Area } from '../../../../common/permissions.js';
import { formatDate, formatDateTime, isEndAfterStart } from '../../../../common/time.js';
import { canAccess } from '../../app/providers/access-control.js';
import { actorOf, type Profile } from '../../app/providers/profile.js';
import { findResource, routesOf } from '../../app/resources.js';
import type { ColumnSpec, EnumSpec, FieldSpec, FilterSpec, MasterDeclaration, RefSpec } from './types.js';
import { keyIn, type Translate } from '../../app/providers/translate.js';

export type FormMode = 'create' | 'edit';
type ProfileLike = Pick<Profile, 'type' | 'level' | 'roles' | 'delivery_company'> & Partial<Pick<Profile, 'department'>>;

const ALL_ACTIONS: readonly Action[] = ['list', 'show', 'create', 'edit', 'delete', 'import'];

/** Does the API offer this action for the master (operation times: no create, no delete)? */
export function offers(master: MasterDeclaration, action: Action): boolean {
  return (master.actions ?? ALL_ACTIONS).includes(action);
}

/** A delivery company's own staff (level 5): they work only with their own company's records. */
export function isCarrier(profile: ProfileLike | null | undefined): boolean {
  return Boolean(profile && isCarrierActor(actorOf(profile)));
}

/** Masters are permission areas of the same name (common/permissions.ts). */
export function canListRef(profile: ProfileLike | null | undefined, ref: RefSpec): boolean {
  return canAccess(profile, ref.resource as Area, 'list');
}

/**
 * How a field is shown to this user:
 * - `edit`: editable (a reference: searchable select of the referenced master);
 * - `own-company`: a carrier's own delivery company, fixed;
 * - `hidden`: not shown, not sent (a carrier's base center);
 * - `known-values`: a reference to a master the user may not list (a carrier and vehicle types):
 *   the select offers the values seen on the records of this master.
 */
export type FieldMode = 'edit' | 'own-company' | 'hidden' | 'known-values';

export function fieldMode(field: Pick<FieldSpec, 'kind' | 'ref' | 'carrier'>, profile: ProfileLike | null | undefined): FieldMode {
  if (isCarrier(profile) && field.carrier === 'hidden') return 'hidden';
  if (isCarrier(profile) && field.carrier === 'own-company' && profile?.delivery_company) return 'own-company';
  if (field.ref && !canListRef(profile, field.ref)) return 'known-values';
  return 'edit';
}

/** List filters shown to this user: none a carrier has no use for, none on a master they may not list. */
export function visibleFilters(master: MasterDeclaration, profile: ProfileLike | null | undefined): FilterSpec[] {
  return (master.filters ?? []).filter((filter) => fieldMode(filter, profile) === 'edit');
}

/** The record's column naming the referenced row (`vehicle_type_id` → `vehicle_type_name`). */
export function displayColumn(field: Pick<FieldSpec, 'name' | 'display'>): string {
  return field.display ?? field.name.replace(/_id$/, '_name');
}

/** An option's label: its label columns (default `code name`) joined with a space. */
export function refOptionLabel(ref: RefSpec, record: Record<string, unknown>): string {
  return (ref.label ?? ['code', 'name'])
    .map((column) => record[column])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');
}

/**
 * A reference select's options: the listed page, then the selected records it lacks (their labels),
 * then labels the caller knew; each value once, the record being edited left out (a parent of itself).
 */
export function refOptions(
  ref: RefSpec,
  from: { listed?: readonly Record<string, unknown>[]; selected?: readonly Record<string, unknown>[]; excludeId?: unknown; known?: readonly { value: BaseKey; label: string }[] },
): { value: BaseKey; label: string }[] {
  const options = new Map<BaseKey, string>();
  for (const record of [...(from.listed ?? []), ...(from.selected ?? [])]) {
    const id = record.id as BaseKey;
    if (id !== from.excludeId && !options.has(id)) options.set(id, refOptionLabel(ref, record));
  }
  for (const { value, label } of from.known ?? []) if (!options.has(value)) options.set(value, label);
  return [...options].map(([value, label]) => ({ value, label }));
}

export function refSortField(ref: RefSpec): string {
  return ref.sort ?? ref.label?.[0] ?? 'code';
}

/** The user types this user may give (only a super admin grants super admin). */
export function userTypeOptions(profile: ProfileLike | null | undefined): number[] {
  return profile ? assignableUserTypes(actorOf(profile)) : [];
}

export interface EnumOption {
  value: number;
  label: string;
  disabled?: boolean;
}

export function enumLabel(spec: EnumSpec, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  return t(keyIn(spec.labels, String(value)), { defaultValue: String(value) });
}

/**
 * A select's options. A field limited by the caller (`assignableUserTypes`) still shows the
 * record's current value, disabled, so an edit does not silently change it.
 */
export function enumOptions(
  field: Pick<FieldSpec, 'enum' | 'options'>,
  t: Translate,
  profile?: ProfileLike | null,
  current?: unknown,
): EnumOption[] {
  const spec = field.enum;
  if (!spec) return [];
  const allowed = field.options === 'assignableUserTypes' ? userTypeOptions(profile) : spec.values;
  const label = (value: number) => (spec.showValue ? `${value} ${enumLabel(spec, value, t)}` : enumLabel(spec, value, t));
  return spec.values
    .filter((value) => allowed.includes(value) || value === current)
    .map((value) => ({ value, label: label(value), ...(allowed.includes(value) ? {} : { disabled: true }) }));
}

/** A department's staff below the super admin: they see only records of their subtree. */
function isScopedDepartmentUser(profile: ProfileLike | null | undefined): boolean {
  return Boolean(profile && needsBaseCenter(actorOf(profile)));
}

/**
 * Is this field required in this form? A user's password only when creating; a vehicle's or
 * driver's base center for department users, who could not see the record without it.
 */
export function isRequired(field: FieldSpec, mode: FormMode, profile?: ProfileLike | null): boolean {
  if (field.required || (field.requiredOnCreate && mode === 'create')) return true;
  return Boolean(field.ownCenter && isScopedDepartmentUser(profile));
}

/** "The end must come after the start", checked when both times are filled in. */
export function afterRule(field: FieldSpec, t: Translate): Rule | undefined {
  const start = field.after;
  if (!start) return undefined;
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const from = getFieldValue(start) as unknown;
      if (typeof from !== 'string' || typeof value !== 'string' || !from || !value) return;
      if (!isEndAfterStart(from, value)) throw new Error(t('errors.endAfterStart'));
    },
  });
}

/** Fields picked from a list say 「…を選択してください」, typed ones 「…を入力してください」. */
const PICKED: readonly FieldSpec['kind'][] = ['enum', 'ref', 'date', 'time'];

function requiredKey(field: FieldSpec): 'errors.requiredSelect' | 'errors.required' {
  return PICKED.includes(field.kind) ? 'errors.requiredSelect' : 'errors.required';
}

/** Form rules of a field, their messages naming it (the catalogue's `errors.*`). */
export function fieldRules(
  field: FieldSpec,
  label: string,
  t: Translate,
  mode: FormMode,
  profile?: ProfileLike | null,
): Rule[] {
  const rules: Rule[] = [];
  if (isRequired(field, mode, profile)) {
    const message = field.requiredMessage ? t(field.requiredMessage) : t(requiredKey(field), { field: label });
    rules.push({ required: true, message });
  }
  if (field.kind === 'password' && field.min) {
    rules.push({ min: field.min, message: t('errors.passwordTooShort', { min: field.min }) });
  }
  if (field.max && field.kind !== 'time' && field.kind !== 'date') {
    rules.push({ max: field.max, message: t('errors.tooLong', { field: label, max: field.max }) });
  }
  if (field.pattern) rules.push({ pattern: field.pattern, message: t('errors.invalidFormat', { field: label }) });
  if (field.range) {
    const { min, max } = field.range;
    const integer = field.kind === 'integer';
    rules.push({
      type: integer ? 'integer' : 'number',
      min,
      max,
      message: t('errors.outOfRange', { field: label, min, max }),
    });
  }
  const after = afterRule(field, t);
  if (after) rules.push(after);
  return rules;
}

/** A cleared box means "no value" (null), not an empty string, so the server clears the column. */
export function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** Values a form starts with when creating: declared initial values, a carrier's own company, a center's own center. */
export function createDefaults(master: MasterDeclaration, profile: ProfileLike | null | undefined): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const field of master.fields) {
    if (field.initial !== undefined) defaults[field.name] = field.initial;
    if (fieldMode(field, profile) === 'own-company') defaults[field.name] = profile?.delivery_company?.id;
    const center = profile?.department;
    if (field.ownCenter && isScopedDepartmentUser(profile) && center?.level === LEVEL.center) defaults[field.name] = center.id;
  }
  return defaults;
}

/**
 * Which of two exclusive fields (a user's department xor delivery company) is in use: the one set
 * on the record; a carrier only has their company; otherwise the department.
 */
export function exclusiveChoice(
  master: MasterDeclaration,
  profile: ProfileLike | null | undefined,
  record: Record<string, unknown> | undefined,
): string | undefined {
  if (!master.exclusive) return undefined;
  const [first, second] = master.exclusive;
  const modes = master.exclusive.map((name) => fieldMode(master.fields.find((f) => f.name === name) ?? { kind: 'text' }, profile));
  if (modes[0] === 'hidden') return second;
  if (modes[1] === 'hidden') return first;
  if (record && record[second] !== null && record[second] !== undefined) return second;
  return first;
}

/** The approval screen of a temporary row (`/vehicles/temp/:id`), from resources.tsx. */
export function approvalPath(master: MasterDeclaration, id: string | number): string | undefined {
  const resource = findResource(master.identifier);
  const route = resource && routesOf(resource).find((r) => r.path.endsWith('/temp/:id'));
  return route?.path.replace(':id', String(id));
}

const NUMBER = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 6 });

/** A list cell as text. */
export function cellText(column: ColumnSpec, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return column.empty ? t(column.empty) : '';
  switch (column.render) {
    case 'enum':
      return column.enum ? enumLabel(column.enum, value, t) : String(value);
    case 'datetime':
      return formatDateTime(value as string);
    case 'date':
      return formatDate(value as string);
    case 'number':
      return typeof value === 'number' ? NUMBER.format(value) : String(value);
    case 'closingDay':
      return Number(value) === 31 ? t('masterEnums.closingDayEnd') : t('masterUi.closingDay', { day: value });
    default:
      return String(value);
  }
}

/**
 * Row spans merging the cells of consecutive rows with the same group value (a center's
 * operation times): the first row of a run spans it, the others span 0.
 */
export function groupSpans(rows: readonly Record<string, unknown>[], key: string): number[] {
  const spans = rows.map(() => 1);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && rows[i]?.[key] === rows[start]?.[key]) {
      spans[i] = 0;
      continue;
    }
    spans[start] = i - start;
    start = i;
  }
  return spans;
}

/** Is the column a number (right-aligned, so digits line up)? */
export function isNumericColumn(column: ColumnSpec): boolean {
  return column.render === 'number';
}

/**
 * How a field's value reads on the detail view: as its list column shows it when the list has one
 * (a closing day: 「20日」), else references by name, enums by label, numbers and days formatted.
 */
export function fieldText(field: FieldSpec, record: Record<string, unknown>, t: Translate, column?: ColumnSpec): string {
  if (column?.render) return cellText(column, record[column.name], t);
  switch (field.kind) {
    case 'ref':
      return cellText({ name: displayColumn(field) }, record[displayColumn(field)], t);
    case 'enum':
      return cellText({ name: field.name, render: 'enum', enum: field.enum }, record[field.name], t);
    case 'number':
    case 'integer':
      return cellText({ name: field.name, render: 'number' }, record[field.name], t);
    case 'date':
      return cellText({ name: field.name, render: 'date' }, record[field.name], t);
    case 'boolean':
      return t(keyIn('masterEnums.yesNo', String(record[field.name] === true)));
    case 'password':
      return '';
    default:
      return cellText({ name: field.name }, record[field.name], t);
  }
}

/** The words naming a record to a person (a delete confirmation): its code and name, or the declared columns. */
export function recordTitle(master: MasterDeclaration, record: Record<string, unknown>): string {
  const columns = master.title ?? ['code', 'name'];
  const words = columns.map((column) => record[column]).filter((value) => value !== null && value !== undefined && value !== '');
  return words.length > 0 ? words.join(' ') : `#${String(record.id)}`;
}

/** The caller's own account (a user deleting themselves is refused; the screen does not offer it). */
export function isCallersRecord(
  master: MasterDeclaration,
  record: Record<string, unknown>,
  profile: Pick<Profile, 'id'> | null | undefined,
): boolean {
  return Boolean(master.holdsCaller && profile && record.id === profile.id);
}

/**
 * A filter restored from the URL arrives as text (`?vehicle_type_id=3`); the select's options are
 * numbers, so it becomes the number again and the select shows the option's label, not `3`.
 */
export function filterValue(raw: unknown): unknown {
  return typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

/** The API answers 404 for a record that does not exist or lies outside the caller's scope. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404;
}

/** A master list's 「CSV出力」: its search and filters as the API takes them (a list repeated), in an encoding. */
export function masterExportPath(resource: string, filters: CrudFilters, encoding: CsvEncoding): string {
  const query = new URLSearchParams();
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const values: unknown[] = Array.isArray(filter.value) ? filter.value : [filter.value];
    for (const value of values) if (value !== undefined && value !== null && value !== '') query.append(filter.field, String(value));
  }
  query.append('encoding', encoding);
  return `/${resource}/export?${query.toString()}`;
}
