/**
 * The rules the master screens follow (client/src/shared/masters/rules.ts): form validation with the
 * catalogue's messages, the end-after-start check, what a carrier and a read-only user get, the
 * user types a caller may grant, list cells and the grouping of operation times.
 */
import type { Rule, RuleObject } from 'antd/es/form';
import type { FormInstance } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMaster } from '../../client/src/features/masters/declarations.js';
import {
  afterRule,
  approvalPath,
  cellText,
  createDefaults,
  displayColumn,
  emptyToNull,
  enumOptions,
  exclusiveChoice,
  fieldMode,
  fieldRules,
  groupSpans,
  isCarrier,
  isRequired,
  masterExportPath,
  offers,
  refOptionLabel,
  refOptions,
  userTypeOptions,
  visibleFilters,
} from '../../client/src/shared/masters/rules.js';
import type { FieldSpec } from '../../client/src/shared/masters/types.js';
import '../../client/src/app/providers/area-messages.js';
import { i18n } from '../../client/src/app/providers/i18n.js';
import { profile } from './profiles.js';

const SUPER = profile(1, 1);
const HQ = profile(2, 1);
const BRANCH = profile(3, 3);
const CENTER = profile(2, 4);
const CARRIER = profile(2, 5, { id: 7, name: '東都運輸株式会社' });

const t = i18n.getFixedT('ja');
const field = (master: string, name: string): FieldSpec => {
  const found = getMaster(master).fields.find((f) => f.name === name);
  if (!found) throw new Error(`${master} has no field ${name}`);
  return found;
};

/** Runs antd rules the way Form.Item does, returning the first message or undefined. */
async function validate(rules: Rule[], value: unknown, values: Record<string, unknown> = {}): Promise<string | undefined> {
  const form = { getFieldValue: (name: string) => values[name] } as unknown as FormInstance;
  for (const entry of rules) {
    const rule = (typeof entry === 'function' ? entry(form) : entry) as RuleObject;
    const empty = value === undefined || value === null || value === '';
    if (rule.required && empty) return String(rule.message);
    if (empty) continue;
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
      continue;
    }
    if (typeof value === 'string') {
      if (rule.min !== undefined && value.length < rule.min) return String(rule.message);
      if (rule.max !== undefined && value.length > rule.max) return String(rule.message);
      if (rule.pattern && !rule.pattern.test(value)) return String(rule.message);
    }
    if (typeof value === 'number' && (rule.min !== undefined || rule.max !== undefined)) {
      if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) return String(rule.message);
    }
  }
  return undefined;
}

beforeAll(async () => {
  await i18n.changeLanguage('ja');
});

describe('field rules', () => {
  it('requires a field with the catalogue message naming it', async () => {
    const name = field('vehicles', 'vehicle_number');
    expect(await validate(fieldRules(name, '車番', t, 'create'), '')).toBe('車番を入力してください。');
    expect(await validate(fieldRules(name, '車番', t, 'create'), '品川 100 あ 12-34')).toBeUndefined();
  });

  it('checks length, format and range', async () => {
    const code = field('departments', 'code');
    expect(await validate(fieldRules(code, '部署コード', t, 'create'), 'A'.repeat(21))).toBe('部署コードは20文字以内で入力してください。');
    expect(await validate(fieldRules(code, '部署コード', t, 'create'), 'コード')).toBe('部署コードの形式が正しくありません。');
    const latitude = field('departments', 'latitude');
    expect(await validate(fieldRules(latitude, '緯度', t, 'edit'), 91)).toBe('緯度は-90から90の範囲で入力してください。');
    expect(await validate(fieldRules(latitude, '緯度', t, 'edit'), 35.6)).toBeUndefined();
    const invoice = field('delivery-companies', 'invoice_registration_number');
    expect(await validate(fieldRules(invoice, 'x', t, 'create'), 'T1234567890123')).toBeUndefined();
    expect(await validate(fieldRules(invoice, 'x', t, 'create'), '1234567890123')).toBe('xの形式が正しくありません。');
  });

  it("asks a destination's latitude/longitude to be fetched first (緯度経度を取得してください。)", async () => {
    for (const name of ['latitude', 'longitude']) {
      expect(await validate(fieldRules(field('delivery-destinations', name), name, t, 'create'), null)).toBe('緯度経度を取得してください。');
    }
  });

  it("requires a user's password only when creating, with the minimum length", async () => {
    const password = field('users', 'password');
    expect(isRequired(password, 'create')).toBe(true);
    expect(isRequired(password, 'edit')).toBe(false);
    expect(await validate(fieldRules(password, 'パスワード', t, 'create'), '')).toBe('パスワードを入力してください。');
    expect(await validate(fieldRules(password, 'パスワード', t, 'edit'), '')).toBeUndefined();
    expect(await validate(fieldRules(password, 'パスワード', t, 'edit'), 'short')).toBe('パスワードは8文字以上で入力してください。');
    expect(await validate(fieldRules(password, 'パスワード', t, 'edit'), 'long enough')).toBeUndefined();
    // A driver's app password is never required.
    expect(isRequired(field('drivers', 'password'), 'create')).toBe(false);
  });

  it('refuses an end time not after its start (終了時間が開始時間以降ではありません)', async () => {
    const ending = field('delivery-destinations', 'ending_time');
    const rules = fieldRules(ending, '受入終了時刻', t, 'create');
    expect(await validate(rules, '09:00', { start_time: '10:00' })).toBe('終了時間が開始時間以降ではありません');
    expect(await validate(rules, '10:00', { start_time: '10:00' })).toBe('終了時間が開始時間以降ではありません');
    expect(await validate(rules, '10:30', { start_time: '10:00' })).toBeUndefined();
    // Only checked when both are filled in.
    expect(await validate(rules, '09:00', { start_time: null })).toBeUndefined();
    expect(afterRule(field('delivery-destinations', 'start_time'), t)).toBeUndefined();
  });

  it("keeps an operation time's steps in order", async () => {
    const steps = ['work_start', 'loading_start', 'departure', 'work_end'];
    const day = { work_start: '05:00', loading_start: '06:00', departure: '08:00', work_end: '17:00' };
    for (const [i, name] of steps.entries()) {
      const spec = field('operation-times', name);
      expect(spec.after).toBe(steps[i - 1]);
      expect(await validate(fieldRules(spec, name, t, 'edit'), day[name as keyof typeof day], day)).toBeUndefined();
    }
    expect(await validate(fieldRules(field('operation-times', 'departure'), 'x', t, 'edit'), '05:30', day)).toBe(
      '終了時間が開始時間以降ではありません',
    );
  });

  it('sends a cleared box as null', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(0)).toBe(0);
    expect(emptyToNull('a')).toBe('a');
  });
});

describe('user types a caller may grant', () => {
  it('follows assignableUserTypes: only a super admin grants super admin; allocation staff none', () => {
    expect(userTypeOptions(SUPER)).toEqual([1, 2, 3]);
    expect(userTypeOptions(HQ)).toEqual([2, 3]);
    expect(userTypeOptions(CENTER)).toEqual([2, 3]);
    expect(userTypeOptions(CARRIER)).toEqual([2, 3]);
    expect(userTypeOptions(BRANCH)).toEqual([]);
    expect(userTypeOptions(undefined)).toEqual([]);
  });

  it('offers those types in the user form, labelled, and keeps a current type it may not grant disabled', () => {
    const type = field('users', 'type');
    expect(enumOptions(type, t, SUPER).map((o) => o.label)).toEqual(['スーパー管理者', '管理者', '配車担当']);
    expect(enumOptions(type, t, HQ)).toEqual([
      { value: 2, label: '管理者' },
      { value: 3, label: '配車担当' },
    ]);
    expect(enumOptions(type, t, HQ, 1)).toEqual([
      { value: 1, label: 'スーパー管理者', disabled: true },
      { value: 2, label: '管理者' },
      { value: 3, label: '配車担当' },
    ]);
  });

  it('labels other enums from masterEnums, departments with their level number', () => {
    expect(enumOptions(field('delivery-destinations', 'delivery_type'), t).map((o) => o.label)).toEqual(['センター間', '店舗直送', '両方']);
    expect(enumOptions(field('departments', 'level'), t).map((o) => o.label)).toEqual(['1 本社', '2 事業部', '3 支店', '4 センター']);
  });
});

describe('carrier and read-only users', () => {
  it('knows a carrier by level 5, never a super admin', () => {
    expect(isCarrier(CARRIER)).toBe(true);
    expect(isCarrier(HQ)).toBe(false);
    expect(isCarrier({ ...SUPER, level: 5 })).toBe(false);
  });

  it("fixes a carrier's delivery company and hides the base center", () => {
    for (const master of ['vehicles', 'drivers', 'users']) {
      expect(fieldMode(field(master, 'delivery_company_id'), CARRIER)).toBe('own-company');
      expect(fieldMode(field(master, 'delivery_company_id'), CENTER)).toBe('edit');
    }
    expect(fieldMode(field('vehicles', 'base_department_id'), CARRIER)).toBe('hidden');
    expect(fieldMode(field('drivers', 'base_department_id'), CARRIER)).toBe('hidden');
    expect(fieldMode(field('users', 'department_id'), CARRIER)).toBe('hidden');
    expect(fieldMode(field('vehicles', 'base_department_id'), CENTER)).toBe('edit');
  });

  it('lets a carrier pick any vehicle type (they read that master); a master they may not list offers known values', () => {
    expect(fieldMode(field('vehicles', 'vehicle_type_id'), CARRIER)).toBe('edit');
    expect(fieldMode({ kind: 'ref', ref: { resource: 'department' } }, CARRIER)).toBe('known-values');
    expect(fieldMode(field('vehicles', 'vehicle_type_id'), BRANCH)).toBe('edit');
    expect(fieldMode(field('drivers', 'default_vehicle_id'), CARRIER)).toBe('edit');
  });

  it('starts a new record of a carrier with their own company', () => {
    expect(createDefaults(getMaster('vehicles'), CARRIER)).toEqual({ delivery_company_id: 7 });
    expect(createDefaults(getMaster('vehicles'), HQ)).toEqual({});
    expect(createDefaults(getMaster('unit-prices'), SUPER)).toEqual({ price_per_km: 0 });
  });

  it("requires a department user's vehicle or driver to have a base center, a center's own by default", async () => {
    for (const master of ['vehicles', 'drivers']) {
      const base = field(master, 'base_department_id');
      expect(isRequired(base, 'create', CENTER)).toBe(true);
      expect(isRequired(base, 'edit', HQ)).toBe(true);
      expect(isRequired(base, 'create', BRANCH)).toBe(true);
      expect(isRequired(base, 'create', SUPER)).toBe(false);
      expect(isRequired(base, 'create', CARRIER)).toBe(false);
      expect(await validate(fieldRules(base, '所属センター', t, 'create', CENTER), null)).toBe('所属センターを選択してください。');
      expect(await validate(fieldRules(base, '所属センター', t, 'create', SUPER), null)).toBeUndefined();
      expect(createDefaults(getMaster(master), CENTER)).toEqual({ base_department_id: 14 });
      expect(createDefaults(getMaster(master), BRANCH)).toEqual({});
    }
  });

  it('shows a carrier no filter by company or center, but by vehicle type', () => {
    expect(visibleFilters(getMaster('vehicles'), CARRIER).map((f) => f.name)).toEqual(['vehicle_type_id']);
    expect(visibleFilters(getMaster('vehicles'), CENTER).map((f) => f.name)).toEqual([
      'vehicle_type_id',
      'delivery_company_id',
      'base_department_id',
    ]);
    expect(visibleFilters(getMaster('drivers'), CARRIER).map((f) => f.name)).toEqual(['employment_type', 'login_flag']);
  });

  it("picks a user's department or delivery company; a carrier's users belong to their company", () => {
    const users = getMaster('users');
    expect(users.exclusive).toEqual(['department_id', 'delivery_company_id']);
    expect(exclusiveChoice(users, HQ, undefined)).toBe('department_id');
    expect(exclusiveChoice(users, HQ, { department_id: null, delivery_company_id: 3 })).toBe('delivery_company_id');
    expect(exclusiveChoice(users, HQ, { department_id: 4, delivery_company_id: null })).toBe('department_id');
    expect(exclusiveChoice(users, CARRIER, undefined)).toBe('delivery_company_id');
    expect(exclusiveChoice(getMaster('vehicles'), HQ, undefined)).toBeUndefined();
  });

  it('offers operation times only list, edit and import', () => {
    const times = getMaster('operation-times');
    expect(['list', 'show', 'edit', 'import'].every((action) => offers(times, action as never))).toBe(true);
    expect(offers(times, 'create')).toBe(false);
    expect(offers(times, 'delete')).toBe(false);
    expect(offers(getMaster('vehicles'), 'delete')).toBe(true);
    expect(field('operation-times', 'department_id').fixedOnEdit).toBe(true);
    expect(field('operation-times', 'delivery_type').fixedOnEdit).toBe(true);
  });
});

describe('CSV export of a master list', () => {
  it('carries the search and the filters set, a list repeated, empty ones left out, and the encoding', () => {
    const filters = [
      { field: 'q', operator: 'eq' as const, value: '大田区' },
      { field: 'vehicle_type_id', operator: 'eq' as const, value: 3 },
      { field: 'delivery_company_id', operator: 'eq' as const, value: undefined },
      { field: 'id', operator: 'eq' as const, value: [4, 5] },
      { field: 'temporary', operator: 'eq' as const, value: '' },
    ];
    expect(masterExportPath('vehicle', filters, 'sjis')).toBe(`/vehicle/export?q=${encodeURIComponent('大田区')}&vehicle_type_id=3&id=4&id=5&encoding=sjis`);
    expect(masterExportPath('direction', [], 'utf8')).toBe('/direction/export?encoding=utf8');
  });
});

describe('list cells and references', () => {
  it('renders enums, dates, numbers, closing days and empty values', () => {
    expect(cellText({ name: 'delivery_type', render: 'enum', enum: field('delivery-destinations', 'delivery_type').enum }, 1, t)).toBe('店舗直送');
    expect(cellText({ name: 'updated_at', render: 'datetime' }, '2026-11-22T03:45:00Z', t)).toBe('2026/11/22 12:45');
    expect(cellText({ name: 'price', render: 'number' }, 12000, t)).toBe('12,000');
    expect(cellText({ name: 'billing_closing_day', render: 'closingDay' }, 31, t)).toBe('末日');
    expect(cellText({ name: 'billing_closing_day', render: 'closingDay' }, 20, t)).toBe('20日');
    expect(cellText({ name: 'delivery_company_name', empty: 'masterUi.standardPrice' }, null, t)).toBe('標準単価');
    expect(cellText({ name: 'x' }, null, t)).toBe('');
  });

  it('names a referenced record `code name`, a vehicle by its number', () => {
    expect(refOptionLabel({ resource: 'department' }, { code: 'CT-SHINAGAWA', name: '品川センター' })).toBe('CT-SHINAGAWA 品川センター');
    expect(refOptionLabel(field('drivers', 'default_vehicle_id').ref!, { vehicle_number: '品川 100 あ 12-34', code: 'x' })).toBe('品川 100 あ 12-34');
    expect(displayColumn(field('vehicles', 'vehicle_type_id'))).toBe('vehicle_type_name');
    expect(displayColumn(field('drivers', 'default_vehicle_id'))).toBe('default_vehicle_number');
  });

  it('lists a select’s page, then the selected records it lacks, then labels the caller knew, each once, never the record itself', () => {
    const ref = { resource: 'department' };
    const tokyo = { id: 1, code: 'BR-TOKYO', name: '東京支店' };
    const shinagawa = { id: 7, code: 'CT-SHINAGAWA', name: '品川センター' };
    const yokohama = { id: 9, code: 'CT-YOKOHAMA', name: '横浜センター' };
    expect(refOptions(ref, { listed: [tokyo, shinagawa], selected: [shinagawa, yokohama], known: [{ value: 9, label: 'x' }, { value: 12, label: '旧センター' }] })).toEqual([
      { value: 1, label: 'BR-TOKYO 東京支店' },
      { value: 7, label: 'CT-SHINAGAWA 品川センター' },
      { value: 9, label: 'CT-YOKOHAMA 横浜センター' },
      { value: 12, label: '旧センター' },
    ]);
    expect(refOptions(ref, { listed: [tokyo, shinagawa], excludeId: 7 }).map((option) => option.value)).toEqual([1]);
    expect(refOptions(ref, {})).toEqual([]);
  });

  it('limits centers to level 4 and a driver’s vehicles to their company', () => {
    expect(field('vehicles', 'base_department_id').ref?.filters).toEqual({ level: 4 });
    expect(field('drivers', 'default_vehicle_id').ref?.filterBy).toEqual({ delivery_company_id: 'delivery_company_id' });
    expect(field('departments', 'parent_id').ref?.excludeSelf).toBe(true);
  });

  it('links a temporary row to its approval screen', () => {
    expect(approvalPath(getMaster('vehicles'), 5)).toBe('/vehicles/temp/5');
    expect(approvalPath(getMaster('delivery-destinations'), 2)).toBe('/delivery-destination/temp/2');
    expect(approvalPath(getMaster('directions'), 4)).toBe('/direction-master/temp/4');
    expect(approvalPath(getMaster('departments'), 1)).toBeUndefined();
  });

  it("merges a center's rows while sorted by center", () => {
    const rows = [{ d: 7 }, { d: 7 }, { d: 8 }, { d: 9 }, { d: 9 }, { d: 9 }];
    expect(groupSpans(rows, 'd')).toEqual([2, 0, 1, 3, 0, 0]);
    expect(groupSpans([], 'd')).toEqual([]);
    expect(groupSpans([{ d: 1 }], 'd')).toEqual([1]);
  });
});
