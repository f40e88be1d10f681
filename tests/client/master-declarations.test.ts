/**
 * The client's master declarations (client/src/features/masters/declarations.ts) against the server's
 * (server/masters/*.ts): every master has one, its form edits exactly the API's fields with the
 * same types, requirements, limits and references, and its list sorts and filters only by what
 * the API accepts. Every label the screens show exists in both catalogues.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../common/locales/en.js';
import { ja } from '../../common/locales/ja.js';
import { MASTER_DECLARATIONS, findMaster } from '../../client/src/features/masters/declarations.js';
import type { FieldSpec, MasterDeclaration } from '../../client/src/shared/masters/types.js';
import { findResource } from '../../client/src/app/resources.js';
import type { Field, MasterDefinition } from '../../server/masters/definition.js';
import { MASTERS } from '../../server/masters/index.js';

const ALL_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'import'];
const AUDIT_COLUMNS = ['id', 'created_at', 'updated_at'];

function serverOf(master: MasterDeclaration): MasterDefinition {
  const def = MASTERS.find((candidate) => candidate.resource === master.resource);
  if (!def) throw new Error(`no server master ${master.resource}`);
  return def;
}

function serverField(def: MasterDefinition, name: string): Field {
  const field = def.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${def.resource} declares no field ${name}`);
  return field;
}

function lookup(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

/** Client field kinds each server type may be edited with. */
const KINDS: Record<Field['type'], FieldSpec['kind'][]> = {
  string: ['text', 'textarea', 'time', 'password'],
  date: ['date'],
  integer: ['integer', 'enum', 'ref'],
  number: ['number'],
  boolean: ['boolean'],
};

describe('master declarations', () => {
  it('declares every master the API serves, once', () => {
    expect(MASTER_DECLARATIONS.map((m) => m.resource).sort()).toEqual(MASTERS.map((def) => def.resource).sort());
    expect(new Set(MASTER_DECLARATIONS.map((m) => m.identifier)).size).toBe(MASTER_DECLARATIONS.length);
  });

  it.each(MASTERS.map((def) => [def.resource, def] as const))('%s: its Refine resource, area and i18n namespace', (resource, def) => {
    const master = findMaster(resource);
    expect(master).toBeDefined();
    const app = findResource(master!.identifier);
    expect(app?.name).toBe(def.resource);
    expect(app?.area).toBe(def.area);
    expect(master!.i18n).toBe(def.i18n);
    expect(master!.temporary ?? false).toBe(def.temporary ?? false);
    expect([...(master!.actions ?? ALL_ACTIONS)].sort()).toEqual([...(def.actions ?? ALL_ACTIONS)].sort());
  });
});

describe.each(MASTER_DECLARATIONS.map((master) => [master.resource, master] as const))('%s form', (_resource, master) => {
  const def = serverOf(master);

  it('edits exactly the fields the API accepts', () => {
    expect(master.fields.map((f) => f.name).sort()).toEqual(def.fields.map((f) => f.name).sort());
  });

  it.each(master.fields.map((field) => [field.name, field] as const))('%s: type, requirement, limits, reference', (name, field) => {
    const server = serverField(def, name);
    expect(KINDS[server.type]).toContain(field.kind);
    expect(field.kind === 'password').toBe(Boolean(server.writeOnly));
    // The server requires a user's password on creation only (its own rule), never a declared field.
    expect(Boolean(field.required)).toBe(Boolean(server.required));
    if (server.max !== undefined) expect(field.max).toBe(server.max);
    if (server.pattern) expect(field.pattern?.source).toBe(server.pattern.source);
    else expect(field.pattern).toBeUndefined();
    // An enum's range is its values (checked below); other numbers share the server's range.
    if (!field.enum) expect(field.range).toEqual(server.range);
    expect(Boolean(field.ref)).toBe(Boolean(server.ref));
    if (server.ref) {
      const target = MASTERS.find((candidate) => candidate.table === server.ref!.table);
      expect(field.ref?.resource).toBe(target?.resource);
    }
    if (field.enum) {
      expect(server.range).toEqual({ min: Math.min(...field.enum.values), max: Math.max(...field.enum.values) });
    }
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
