/**
 * Widths for fields whose placeholder says what they take or search (「コード・会社名・店舗名・住所・電話番号で検索」,
 * 「Contracting department」): a placeholder cut to 「…住所…」 says nothing, and a planner has to open or
 * try the field to find out. As CSS lengths in the field's own font, so they hold at any font size.
 */

const FULL_WIDTH = /[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]/u;

/** About the width of a text: a kana or kanji is 1em, a Latin letter at most 0.9 of a digit's width (1ch). */
function textWidth(text: string): string {
  const wide = [...text].filter((c) => FULL_WIDTH.test(c)).length;
  return `${wide}em + ${((text.length - wide) * 0.9).toFixed(1)}ch`;
}

/**
 * A field as wide as its placeholder plus `beside` px (padding, a select's arrow, a search box's clear
 * icon and button), never narrower than `min` px, and never past its container's edge (a phone).
 */
export const fitting = (placeholder: string, min: number, beside: number) => ({
  width: `max(${min}px, calc(${textWidth(placeholder)} + ${beside}px))`,
  maxWidth: '100%',
});

/** What lies beside a placeholder: in a select (padding and arrow), a search box with a named button, one with an icon, a plain input with a clear icon. */
export const BESIDE = { select: 48, searchButton: 124, searchIcon: 80, input: 48 } as const;
