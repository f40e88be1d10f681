/**
 * A list page's keys, as mail and issue trackers have them, for planners who work in a list all day:
 * ↓/↑ (or j/k) move a row cursor, Enter opens the row (its detail or edit button), x or Space ticks its
 * box (for the bulk delete), ←/→ turn the page, / jumps to the search box. Nothing happens while the
 * user types in a field, while an IME composes (Japanese input), with Ctrl, Alt or ⌘ held, or while a
 * dialog is open.
 */
import { useEffect, useState } from 'react';

export type ListKeyAction =
  | { kind: 'cursor'; index: number }
  | { kind: 'open'; index: number }
  | { kind: 'tick'; index: number }
  | { kind: 'page'; page: number }
  | { kind: 'search' };

export interface ListKeyState {
  /** the row under the cursor on this page; -1: none yet */
  cursor: number;
  rows: number;
  page: number;
  pages: number;
}

/** What of a keydown the rules read (a KeyboardEvent has it all). */
export interface ListKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing: boolean;
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Enter and Space on these already do what they say. */
const ACTIVATED_BY_KEY = new Set(['BUTTON', 'A']);

export function listKeyAction(event: ListKey, state: ListKeyState): ListKeyAction | null {
  const tag = event.target?.tagName ?? '';
  if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (FIELDS.has(tag) || event.target?.isContentEditable) return null;
  const last = state.rows - 1;
  const onCursorRow = state.cursor >= 0 && state.cursor <= last && !ACTIVATED_BY_KEY.has(tag);
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return last < 0 ? null : { kind: 'cursor', index: Math.min(last, state.cursor + 1) };
    case 'ArrowUp':
    case 'k':
      return last < 0 ? null : { kind: 'cursor', index: Math.max(0, Math.min(last, state.cursor - 1)) };
    case 'Enter':
      return onCursorRow ? { kind: 'open', index: state.cursor } : null;
    case 'x':
    case ' ':
      return onCursorRow ? { kind: 'tick', index: state.cursor } : null;
    case 'ArrowRight':
      return state.page < state.pages ? { kind: 'page', page: state.page + 1 } : null;
    case 'ArrowLeft':
      return state.page > 1 ? { kind: 'page', page: state.page - 1 } : null;
    case '/':
      return { kind: 'search' };
    default:
      return null;
  }
}

export const CURSOR_CLASS = 'list-row--cursor';
/** What / focuses: a list's search box, or a box marked as the page's search (the board's left side). */
const SEARCH_BOX = '.ant-input-search input, input[data-page-search]';
const dialogOpen = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open') !== null;
const cursorRow = () => document.querySelector<HTMLElement>(`.${CURSOR_CLASS}`);

/** Opens a row as its own buttons do: its detail, else its edit button, else its first link (a share's title). */
function openRow(row: HTMLElement | null) {
  const button = row?.querySelector<HTMLElement>('[data-testid=row-show]:not([disabled]), [data-testid=row-edit]:not([disabled])');
  (button ?? row?.querySelector<HTMLElement>('a[href]'))?.click();
}

/**
 * The keys above on the page's one list table: `rows` of the current page, `page` of `pages`, `setPage`
 * to turn it. Returns the row class that marks the cursor; it starts afresh on every page (a refresh of
 * the same page, live or by hand, keeps it).
 */
export function useListKeys({ rows, page, pages, setPage }: { rows: readonly unknown[]; page: number; pages: number; setPage?: (page: number) => void }) {
  const [cursor, setCursor] = useState(-1);
  useEffect(() => {
    setCursor(-1);
  }, [page]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialogOpen()) return;
      const action = listKeyAction(event as ListKey, { cursor, rows: rows.length, page, pages });
      if (!action || (action.kind === 'page' && !setPage)) return;
      event.preventDefault();
      if (action.kind === 'cursor') setCursor(action.index);
      else if (action.kind === 'page') setPage!(action.page);
      else if (action.kind === 'search') document.querySelector<HTMLInputElement>(SEARCH_BOX)?.focus();
      else if (action.kind === 'tick') cursorRow()?.querySelector<HTMLElement>('.ant-table-selection-column input:not([disabled])')?.click();
      else openRow(cursorRow());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cursor, rows, page, pages, setPage]);
  // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React would call as a cleanup.
  useEffect(() => {
    void cursorRow()?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  return (_row: unknown, index: number) => (index === cursor ? CURSOR_CLASS : '');
}
