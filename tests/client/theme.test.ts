import { theme } from 'antd';
import { describe, expect, test } from 'vitest';
import { THEME, withJapaneseFonts } from '../../client/src/app/providers/theme.js';

const fontsOf = (list: string | undefined) => (list ?? '').split(',').map((font) => font.trim());

describe('the theme’s fonts', () => {
  test('a Japanese font comes before the generic sans-serif, after the Latin fonts antd names, in either language', () => {
    const fonts = fontsOf(THEME.token?.fontFamily);
    const antd = fontsOf(theme.getDesignToken().fontFamily);
    expect(fonts.indexOf("'Noto Sans CJK JP'")).toBeGreaterThan(fonts.indexOf("'Segoe UI'"));
    expect(fonts.indexOf("'Noto Sans CJK JP'")).toBeLessThan(fonts.indexOf('sans-serif'));
    expect(fonts.indexOf('Meiryo')).toBeLessThan(fonts.indexOf('sans-serif'));
    // Nothing of antd's list is lost or reordered.
    expect(fonts.filter((font) => antd.includes(font))).toEqual(antd);
  });

  test('a list without a generic family gets the Japanese fonts at its end', () => {
    expect(fontsOf(withJapaneseFonts('Arial')).slice(0, 2)).toEqual(['Arial', "'Hiragino Sans'"]);
  });
});
