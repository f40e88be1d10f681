/**
 * What can still disagree between a master's shared facts (common/masters), the server's definition
 * (server/masters/*.ts) and the client's declaration (client/src/features/masters/declarations.ts):
 * every master has one of each; the server takes the facts as they are and resolves each foreign
 * key in the master it refers to; the client edits exactly the API's fields with inputs that suit
 * their types, shows references by columns the API returns, and sorts and filters only by what the
 * API accepts. Every label the screens show exists in both catalogues.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../common/locales/en.js';
import { ja } from '../../common/locales/ja.js';
import { factOf, type FieldFacts, type FieldType, MASTER_FACTS, type MasterFacts } from '../../common/masters/index.js';
import { TIME_PATTERN } from '../../common/validation.js';
import { MASTER_DECLARATIONS, findMaster } from '../../client/src/features/masters/declarations.js';
import type { FieldSpec, MasterDeclaration } from '../../client/src/shared/masters/types.js';
import { findResource } from '../../client/src/app/resources.js';
import type { Field, MasterDefinition } from '../../server/masters/definition.js';
import { MASTERS } from '../../server/masters/index.js';

const AUDIT_COLUMNS = ['id', 'created_at', 'updated_at'];

function serverOf(master: { resource: string }): MasterDefinition {
  const def = MASTERS.find((candidate) => candidate.resource === master.resource);
  if (!def) throw new Error(`no server master ${master.resource}`);
  return def;
}

function factsOf(master: { resource: string }): MasterFacts {
  const facts = MASTER_FACTS.find((candidate) => candidate.resource === master.resource);
  if (!facts) throw new Error(`no shared facts for ${master.resource}`);
  return facts;
}

function lookup(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

/** Client field kinds each type may be edited with. */
const KINDS: Record<FieldType, FieldSpec['kind'][]> = {
  string: ['text', 'textarea', 'time', 'password'],
  date: ['date'],
  integer: ['integer', 'enum', 'ref'],
  number: ['number'],
  boolean: ['boolean'],
};

/** The limits a form checks: the shared facts' (an enum's range is its values, a pattern's length the form's max). */
const limitsOf = (fact: FieldFacts) => ({
  required: Boolean(fact.required),
  requiredOnCreate: Boolean(fact.requiredOnCreate),
  max: fact.max ?? fact.inputMax,
  min: fact.min,
  pattern: fact.pattern?.source,
  range: fact.enum ? undefined : fact.range,
});
const formLimits = (field: FieldSpec) => ({
  required: Boolean(field.required),
  requiredOnCreate: Boolean(field.requiredOnCreate),
  max: field.max,
  min: field.min,
  pattern: field.pattern?.source,
  range: field.range,
});

describe('master declarations', () => {
  it('declares every master the API serves, once, on each side', () => {
    const resources = MASTERS.map((def) => def.resource).sort();
    expect(MASTER_FACTS.map((facts) => facts.resource).sort()).toEqual(resources);
    expect(MASTER_DECLARATIONS.map((m) => m.resource).sort()).toEqual(resources);
    expect(new Set(MASTER_DECLARATIONS.map((m) => m.identifier)).size).toBe(MASTER_DECLARATIONS.length);
  });

  it.each(MASTERS.map((def) => [def.resource, def] as const))('%s: its Refine resource, area and i18n namespace', (resource, def) => {
    const facts = factsOf(def);
    const master = findMaster(resource);
    expect(master).toBeDefined();
    const app = findResource(master!.identifier);
    expect(app?.name).toBe(facts.resource);
    expect(app?.area).toBe(facts.area);
    expect([def.area, def.i18n, def.temporary, def.actions]).toEqual([facts.area, facts.i18n, facts.temporary, facts.actions]);
    expect([master!.i18n, master!.temporary, master!.actions]).toEqual([facts.i18n, facts.temporary, facts.actions]);
  });

  it.each(MASTERS.map((def) => [def.resource, def] as const))('%s: the server takes the shared fields as they are, each reference resolved in its master', (_resource, def) => {
    const facts = factsOf(def);
    const withoutRef = ({ ref: _ref, ...field }: Field) => field;
    expect(def.fields.map(withoutRef)).toEqual(facts.fields);
    expect(def.readOnly ?? []).toEqual(facts.readOnly ?? []);
    for (const field of def.fields) {
      expect(Boolean(field.ref), field.name).toBe(Boolean(field.refersTo));
      if (field.ref) expect(field.ref.table, field.name).toBe(serverOf({ resource: field.refersTo! }).table);
    }
  });
});

describe.each(MASTER_DECLARATIONS.map((master) => [master.resource, master] as const))('%s form', (_resource, master) => {
  const def = serverOf(master);
  const facts = factsOf(master);

  it('edits exactly the fields the API accepts', () => {
    expect(master.fields.map((f) => f.name).sort()).toEqual(def.fields.map((f) => f.name).sort());
  });

  it.each(master.fields.map((field) => [field.name, field] as const))('%s: an input that suits its type, the shared limits and reference', (name, field) => {
    const fact = factOf(facts, name);
    expect(KINDS[fact.type]).toContain(field.kind);
    expect(field.kind === 'password').toBe(Boolean(fact.writeOnly));
    expect(field.kind === 'ref').toBe(Boolean(fact.refersTo));
    expect(field.kind === 'enum').toBe(Boolean(fact.enum));
    if (field.kind === 'time') expect(field.pattern?.source).toBe(TIME_PATTERN.source);
    expect(formLimits(field)).toEqual(limitsOf(fact));
    expect(field.ref?.resource).toBe(fact.refersTo);
    expect(field.enum?.values).toEqual(fact.enum);
  });
  it('shows a reference by a display column the API returns', () => {
    const display = Object.keys(def.displayColumns ?? {});
    for (const field of master.fields.filter((f) => f.kind === 'ref')) {
      const name = field.display ?? field.name.replace(/_id$/, '_name');
      expect(display, `${field.name} → ${name}`).toContain(name);
    }
  });

  it('depends only on its own fields', () => {
    const names = master.fields.map((f) => f.name);
    for (const field of master.fields) {
      if (field.after) expect(names).toContain(field.after);
      for (const formField of Object.values(field.ref?.filterBy ?? {})) expect(names).toContain(formField);
      if (field.geocode) expect(names).toEqual(expect.arrayContaining([field.geocode.latitude, field.geocode.longitude]));
    }
    for (const name of master.exclusive ?? []) expect(names).toContain(name);
  });
});

describe.each(MASTER_DECLARATIONS.map((master) => [master.resource, master] as const))('%s list', (_resource, master) => {
  const def = serverOf(master);
  const display = Object.keys(def.displayColumns ?? {});

  it('shows fields, display columns and other columns the API sorts or filters by', () => {
    const known = [...def.fields.map((f) => f.name), ...display, ...AUDIT_COLUMNS, ...def.sorts, ...def.filters];
    for (const column of master.columns) expect(known).toContain(column.name);
  });

  it('sorts and filters only by columns the API accepts', () => {
    for (const column of master.columns) if (column.sort) expect(def.sorts).toContain(column.sort);
    for (const sort of master.defaultSort) expect(def.sorts).toContain(sort.field);
    for (const filter of master.filters ?? []) expect(def.filters).toContain(filter.name);
    expect(Boolean(master.search)).toBe(def.search.length > 0);
  });

  it('filters and labels a field by its own values or the master it refers to', () => {
    const facts = factsOf(master);
    for (const filter of master.filters ?? []) {
      const fact = factOf(facts, filter.name);
      expect(filter.enum?.values, filter.name).toEqual(fact.enum);
      expect(filter.ref?.resource, filter.name).toBe(fact.refersTo);
    }
    for (const column of master.columns) if (column.enum) expect(column.enum.values, column.name).toEqual(factOf(facts, column.name).enum);
  });

  it('groups only by a column it sorts by', () => {
    for (const column of master.columns) if (column.groupBy) expect(column.sort).toBe(column.groupBy);
  });
});

describe('labels', () => {
  const keysOf = (master: MasterDeclaration): string[] => {
    const ns = master.i18n;
    const keys = [`${ns}.titles.list`, `${ns}.titles.create`, `${ns}.titles.edit`, `${ns}.titles.import`];
    if (master.temporary) keys.push(`${ns}.titles.temp`, `${ns}.fields.temporary_registration_date`);
    if (master.search) keys.push(`${ns}.search`);
    for (const field of master.fields) {
      keys.push(`${ns}.fields.${field.name}`);
      if (field.requiredMessage) keys.push(field.requiredMessage);
      for (const value of field.enum?.values ?? []) keys.push(`${field.enum!.labels}.${value}`);
    }
    for (const column of master.columns) {
      keys.push(`${ns}.fields.${column.label ?? column.name}`);
      if (column.empty) keys.push(column.empty);
      for (const value of column.enum?.values ?? []) keys.push(`${column.enum!.labels}.${value}`);
    }
    for (const filter of master.filters ?? []) keys.push(`${ns}.fields.${filter.label ?? filter.name}`);
    for (const name of master.exclusive ?? []) keys.push(`${ns}.affiliation.${name}`, `${ns}.affiliation.label`);
    const def = serverOf(master);
    for (const column of def.csvColumns) keys.push(`${ns}.fields.${column}`);
    return keys;
  };

  it.each(MASTER_DECLARATIONS.map((master) => [master.identifier, master] as const))('%s: every label exists in ja and en', (_id, master) => {
    for (const key of keysOf(master)) {
      expect(typeof lookup(ja, key), `ja ${key}`).toBe('string');
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    }
  });

  it('has the texts of the screens themselves in both languages', () => {
    const keys = [
      'masterEnums.temporary',
      'masterEnums.approve',
      'masterEnums.approved',
      'masterEnums.closingDayEnd',
      'deliveryDestinations.geocode',
      'errors.endAfterStart',
      'errors.getLatLngFirst',
      ...Object.keys(ja.masterUi).map((key) => `masterUi.${key}`),
    ];
    for (const key of keys) {
      expect(typeof lookup(ja, key), `ja ${key}`).toBe('string');
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    }
    expect(ja.errors.endAfterStart).toBe('終了時間が開始時間以降ではありません');
    expect(ja.masterEnums.approve).toBe('承認する');
  });
});
