import { describe, expect, test } from 'vitest';
import '../../client/src/app/providers/area-messages.js';
import { departureOverdueMinutes, quantityText, unitText } from '../../client/src/shared/deliveries/cells.js';
import { i18n } from '../../client/src/app/providers/i18n.js';
import { tripOverdueMinutes } from '../../client/src/shared/trips/status-tag.js';

describe('a quantity with its load unit', () => {
  test('English says one cage cart, two cage carts', () => {
    const en = i18n.getFixedT('en');
    expect(quantityText(1, 1, en)).toBe('1 cage cart');
    expect(quantityText(2, 1, en)).toBe('2 cage carts');
    expect(quantityText(1, 0, en)).toBe('1 pallet');
    expect(quantityText(1200, 0, en)).toBe('1,200 pallets');
  });

  test('Japanese counts without a plural', () => {
    const ja = i18n.getFixedT('ja');
    expect(quantityText(1, 1, ja)).toBe('1 カゴ車');
    expect(quantityText(3, 0, ja)).toBe('3 パレット');
  });

  test("the board's unit after its quantity: singular for one, plural otherwise, in English only", () => {
    const en = i18n.getFixedT('en');
    const ja = i18n.getFixedT('ja');
    expect([unitText(1, 0, en), unitText(2, 0, en), unitText(1, 1, en), unitText(12, 1, en)]).toEqual(['pallet', 'pallets', 'cage cart', 'cage carts']);
    expect([unitText(1, 1, ja), unitText(12, 1, ja)]).toEqual(['カゴ車', 'カゴ車']);
  });
});

describe('未出発: a 配車済 delivery whose trip is past its planned departure', () => {
  const planned = '2026-12-04T08:00:00+09:00';
  const at = (hhmm: string) => new Date(`2026-12-04T${hhmm}:00+09:00`);

  test('past the plan and the five minutes’ grace, not left: how long', () => {
    expect(departureOverdueMinutes({ status: 1, planned_departure: planned }, at('09:30'))).toBe(90);
    expect(departureOverdueMinutes({ status: 1, planned_departure: planned }, at('08:06'))).toBe(6);
  });

  test('within the grace, before the plan, without a plan: nothing', () => {
    expect(departureOverdueMinutes({ status: 1, planned_departure: planned }, at('08:05'))).toBeNull();
    expect(departureOverdueMinutes({ status: 1, planned_departure: planned }, at('07:00'))).toBeNull();
    expect(departureOverdueMinutes({ status: 1, planned_departure: null }, at('09:30'))).toBeNull();
  });

  test('once on the road, delivered or not on a trip: nothing (the driver app’s reports say the rest)', () => {
    for (const status of [0, 2, 3]) expect(departureOverdueMinutes({ status, planned_departure: planned }, at('09:30'))).toBeNull();
  });
});

describe('未出発: a trip past its planned departure', () => {
  const planned = '2026-12-04T08:00:00+09:00';
  const now = new Date('2026-12-04T08:40:00+09:00');

  test('計画 and 積込中 have not left: how long', () => {
    expect([0, 1].map((status) => tripOverdueMinutes({ status, planned_departure: planned }, now))).toEqual([40, 40]);
  });

  test('配送中, 完了 and 取消 say what they are', () => {
    expect([2, 3, 9].map((status) => tripOverdueMinutes({ status, planned_departure: planned }, now))).toEqual([null, null, null]);
  });
});

describe('未出発 in English', () => {
  test('says the trip has not departed, never a word a reader could take for the delay column’s', () => {
    const en = i18n.getFixedT('en');
    const ja = i18n.getFixedT('ja');
    expect([ja('tripScreens.notLeft'), en('tripScreens.notLeft')]).toEqual(['未出発', 'Not departed']);
    expect(en('driverTime.screen.states.overdue')).toBe('Not departed (past plan)');
  });
});
