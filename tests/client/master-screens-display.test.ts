/**
 * What the master screens show and offer (client/src/shared/masters/rules.ts, common/time.ts): one date
 * format in Asia/Tokyo, required selects saying 選択, the detail view's texts, the record named in
 * a delete confirmation, no delete of one's own account, filters restored from the URL, and
 * vehicle types read-only for a carrier.
 */
import type { RuleObject } from 'antd/es/form';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../common/time.js';
import { getMaster } from '../../client/src/features/masters/declarations.js';
import {
  cellText,
  fieldRules,
  fieldText,
  filterValue,
  isCallersRecord,
  isNotFound,
  isNumericColumn,
  recordTitle,
} from '../../client/src/shared/masters/rules.js';
import type { FieldSpec } from '../../client/src/shared/masters/types.js';
import { canAccess } from '../../client/src/app/providers/access-control.js';
import '../../client/src/app/providers/area-messages.js';
import { i18n } from '../../client/src/app/providers/i18n.js';
import { profile } from './profiles.js';

const t = i18n.getFixedT('ja');
const en = i18n.getFixedT('en');
const field = (master: string, name: string): FieldSpec => {
  const found = getMaster(master).fields.find((f) => f.name === name);
  if (!found) throw new Error(`${master} has no field ${name}`);
  return found;
};
const requiredMessage = (spec: FieldSpec, label: string, translate = t) =>
  fieldRules(spec, label, translate, 'create')
    .filter((rule): rule is RuleObject => typeof rule === 'object' && Boolean(rule.required))
    .map((rule) => rule.message)[0];

beforeAll(async () => {
  await i18n.changeLanguage('ja');
});

describe('dates', () => {
  it('shows an instant as YYYY/MM/DD HH:mm in Tokyo, whatever the zone it was written in', () => {
    expect(formatDateTime('2024-03-31T15:05:00Z')).toBe('2024/04/01 00:05');
    expect(formatDateTime('2024-04-01T00:05:00+09:00')).toBe('2024/04/01 00:05');
  });

  it('shows a calendar day as YYYY/MM/DD without shifting it, and an instant as its Tokyo day', () => {
    expect(formatDate('2024-04-01')).toBe('2024/04/01');
    expect(formatDate('2024-03-31T15:05:00Z')).toBe('2024/04/01');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it("shows a unit price's 適用開始日 in the list as YYYY/MM/DD", () => {
    const column = getMaster('unit-prices').columns.find((c) => c.name === 'effective_from')!;
    expect(cellText(column, '2025-10-01', t)).toBe('2025/10/01');
  });
});

describe('required fields', () => {
  it('asks to select a picked value (select, reference, time) and to enter a typed one', () => {
    expect(requiredMessage(field('vehicles', 'vehicle_type_id'), '車種')).toBe('車種を選択してください。');
    expect(requiredMessage(field('drivers', 'employment_type'), '雇用形態')).toBe('雇用形態を選択してください。');
    expect(requiredMessage(field('operation-times', 'work_start'), '始業')).toBe('始業を選択してください。');
    expect(requiredMessage(field('vehicles', 'vehicle_number'), '車番')).toBe('車番を入力してください。');
    expect(requiredMessage(field('vehicles', 'vehicle_type_id'), 'vehicle type', en)).toBe('Please select vehicle type.');
  });
});

describe('lists', () => {
  it('right-aligns number columns only', () => {
    const columns = getMaster('vehicle-types').columns;
    expect(columns.filter(isNumericColumn).map((c) => c.name)).toEqual([
      'max_loading_capacity',
      'pallet_capacity',
      'cage_cart_capacity',
    ]);
  });

  it('turns a numeric filter from the URL back into the number its select offers', () => {
    expect(filterValue('3')).toBe(3);
    expect(filterValue(3)).toBe(3);
    expect(filterValue('abc')).toBe('abc');
    expect(filterValue(undefined)).toBeUndefined();
  });
});

describe('detail view', () => {
  const record = {
    id: 5,
    phone: '03-1234-5678',
    specified_time: '09:30',
    comment: '裏口から搬入',
    direction_id: 2,
    direction_name: '品川区方面',
    delivery_type: 1,
    shipping_fee: 12500,
  };

  it('shows texts as stored, references by name, enums by label, numbers grouped', () => {
    const text = (name: string) => fieldText(field('delivery-destinations', name), record, t);
    expect(text('phone')).toBe('03-1234-5678');
    expect(text('specified_time')).toBe('09:30');
    expect(text('comment')).toBe('裏口から搬入');
    expect(text('direction_id')).toBe('品川区方面');
    expect(text('delivery_type')).toBe('店舗直送');
    expect(text('shipping_fee')).toBe('12,500');
  });

  it('reads a value as its list column shows it', () => {
    const customers = getMaster('customers');
    const closing = customers.columns.find((c) => c.name === 'billing_closing_day');
    expect(fieldText(field('customers', 'billing_closing_day'), { billing_closing_day: 20 }, t, closing)).toBe('20日');
    expect(fieldText(field('customers', 'billing_closing_day'), { billing_closing_day: 31 }, t, closing)).toBe('末日');
  });

  it('never shows a password', () => {
    expect(fieldText(field('users', 'password'), { password: 'secret' }, t)).toBe('');
  });

  it('takes a 404 (missing or out of scope) as not found, nothing else', () => {
    expect(isNotFound({ statusCode: 404, message: 'x' })).toBe(true);
    expect(isNotFound({ statusCode: 403, message: 'x' })).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});

describe('delete', () => {
  it('names the record by its code and name, or by the columns the master declares', () => {
    expect(recordTitle(getMaster('vehicle-types'), { id: 1, code: 'VT-4T', name: '4t車' })).toBe('VT-4T 4t車');
    expect(recordTitle(getMaster('vehicles'), { id: 1, vehicle_number: '品川 300 せ 12-34' })).toBe('品川 300 せ 12-34');
    expect(recordTitle(getMaster('users'), { id: 1, login_id: 'hq', name: '佐藤 花子' })).toBe('hq 佐藤 花子');
    expect(recordTitle(getMaster('vehicle-types'), { id: 9 })).toBe('#9');
  });

  it("offers no delete of the caller's own account, and only on the users master", () => {
    const me = { ...profile(2, 1), id: 42 };
    expect(isCallersRecord(getMaster('users'), { id: 42 }, me)).toBe(true);
    expect(isCallersRecord(getMaster('users'), { id: 43 }, me)).toBe(false);
    expect(isCallersRecord(getMaster('drivers'), { id: 42 }, me)).toBe(false);
  });
});

describe('vehicle types for a carrier', () => {
  it('offers no add, edit, delete or import (the list and the detail at most)', () => {
    const carrier = profile(2, 5, { id: 7, name: '東都運輸株式会社' });
    for (const action of ['create', 'edit', 'delete', 'import']) {
      expect(canAccess(carrier, 'vehicle_type', action), action).toBe(false);
    }
  });
});
