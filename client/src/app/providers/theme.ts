import { theme, type ThemeConfig } from 'antd';

/**
 * The Japanese UI fonts of each system, in the order Japanese sites name them: macOS and iOS
 * (Hiragino), Windows (Yu Gothic UI, Meiryo), Linux and Android (Noto Sans CJK JP / Noto Sans JP).
 */
const JAPANESE_FONTS = ["'Hiragino Sans'", "'Hiragino Kaku Gothic ProN'", "'Yu Gothic UI'", 'Meiryo', "'Noto Sans CJK JP'", "'Noto Sans JP'"];

/**
 * A font list with the Japanese fonts before its generic `sans-serif`: a Latin font the list names and
 * the system has still comes first (Segoe UI, -apple-system); what follows is a Japanese font, not the
 * generic family. A browser that picks the generic family by the page's language (Chrome with `lang="ja"`)
 * already did so; one that does not (Chromium's headless shell, a browser set up for another language)
 * drew Latin text and digits in a Western font, wider than the same text in the Japanese one.
 */
export function withJapaneseFonts(fontList: string): string {
  const fonts = fontList.split(',').map((font) => font.trim());
  const generic = fonts.indexOf('sans-serif');
  fonts.splice(generic < 0 ? fonts.length : generic, 0, ...JAPANESE_FONTS);
  return fonts.join(', ');
}

/** Whoever asks their system for less motion (prefers-reduced-motion) gets antd without its animations (and the logo's truck stays: styles.css). */
const REDUCED_MOTION = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const BASE: ThemeConfig['token'] = { colorPrimary: '#1d5fbf', borderRadius: 6, motion: !REDUCED_MOTION };
const ANTD_FONTS = theme.getDesignToken().fontFamily;

/**
 * Every list is a small table (shared/components/list-table.tsx) whose cells keep 6 px on each side, not antd's
 * 8: the trip list of every center fits a 1366 px screen in English with each company named whole.
 */
const COMPONENTS: ThemeConfig['components'] = { Table: { cellPaddingInlineSM: 6 } };

/**
 * antd's theme, in both languages: antd's fonts with the Japanese ones named (withJapaneseFonts). The
 * data is Japanese in English too (names, stores, addresses): without them, a browser set up for another
 * language drew its kanji in whatever CJK font its system picks, on Windows often a Chinese one.
 */
export const THEME: ThemeConfig = { token: { ...BASE, fontFamily: withJapaneseFonts(ANTD_FONTS) }, components: COMPONENTS };
