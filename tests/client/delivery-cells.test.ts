import { describe, expect, test } from 'vitest';
import '../../client/src/providers/area-messages.js';
import { quantityText } from '../../client/src/deliveries/cells.js';
import { i18n } from '../../client/src/providers/i18n.js';

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
});
