/** A list's keys (client/src/shared/components/list-keys.ts): what each key does, and when keys are left alone. */
import { describe, expect, it } from 'vitest';
import { listKeyAction, type ListKey, type ListKeyState } from '../../client/src/shared/components/list-keys.js';

const onPage = (key: string, over: Partial<ListKey> = {}): ListKey => ({ key, altKey: false, ctrlKey: false, metaKey: false, isComposing: false, target: { tagName: 'BODY' }, ...over });
const state: ListKeyState = { cursor: -1, rows: 50, page: 2, pages: 8 };

describe('list keys', () => {
  it('move the cursor down and up within the page, j and k as the arrows', () => {
    expect(listKeyAction(onPage('ArrowDown'), state)).toEqual({ kind: 'cursor', index: 0 });
    expect(listKeyAction(onPage('j'), { ...state, cursor: 3 })).toEqual({ kind: 'cursor', index: 4 });
    expect(listKeyAction(onPage('ArrowDown'), { ...state, cursor: 49 })).toEqual({ kind: 'cursor', index: 49 });
    expect(listKeyAction(onPage('ArrowUp'), state)).toEqual({ kind: 'cursor', index: 0 });
    expect(listKeyAction(onPage('k'), { ...state, cursor: 3 })).toEqual({ kind: 'cursor', index: 2 });
    expect(listKeyAction(onPage('ArrowUp'), { ...state, cursor: 0 })).toEqual({ kind: 'cursor', index: 0 });
    // A refresh that left fewer rows: the cursor comes back onto the last.
    expect(listKeyAction(onPage('ArrowUp'), { ...state, cursor: 49, rows: 10 })).toEqual({ kind: 'cursor', index: 9 });
    expect(listKeyAction(onPage('ArrowDown'), { ...state, rows: 0 })).toBeNull();
  });

  it('open the row under the cursor with Enter, unless Enter goes to a focused button or link', () => {
    expect(listKeyAction(onPage('Enter'), { ...state, cursor: 5 })).toEqual({ kind: 'open', index: 5 });
    expect(listKeyAction(onPage('Enter'), state)).toBeNull();
    expect(listKeyAction(onPage('Enter', { target: { tagName: 'BUTTON' } }), { ...state, cursor: 5 })).toBeNull();
    expect(listKeyAction(onPage('Enter', { target: { tagName: 'A' } }), { ...state, cursor: 5 })).toBeNull();
  });

  it('tick the row under the cursor with x or Space (for the bulk delete), unless Space goes to a focused button', () => {
    expect(listKeyAction(onPage('x'), { ...state, cursor: 7 })).toEqual({ kind: 'tick', index: 7 });
    expect(listKeyAction(onPage(' '), { ...state, cursor: 7 })).toEqual({ kind: 'tick', index: 7 });
    expect(listKeyAction(onPage(' '), state)).toBeNull();
    expect(listKeyAction(onPage(' ', { target: { tagName: 'BUTTON' } }), { ...state, cursor: 7 })).toBeNull();
  });

  it('turn the page with ← and →, not past the first or the last', () => {
    expect(listKeyAction(onPage('ArrowRight'), state)).toEqual({ kind: 'page', page: 3 });
    expect(listKeyAction(onPage('ArrowLeft'), state)).toEqual({ kind: 'page', page: 1 });
    expect(listKeyAction(onPage('ArrowRight'), { ...state, page: 8 })).toBeNull();
    expect(listKeyAction(onPage('ArrowLeft'), { ...state, page: 1 })).toBeNull();
  });

  it('find the search box with /', () => {
    expect(listKeyAction(onPage('/'), state)).toEqual({ kind: 'search' });
  });

  it('leave every key alone while typing, while an IME composes, or with Ctrl, Alt or ⌘', () => {
    for (const target of [{ tagName: 'INPUT' }, { tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(listKeyAction(onPage('j', { target }), state)).toBeNull();
      expect(listKeyAction(onPage('/', { target }), state)).toBeNull();
    }
    expect(listKeyAction(onPage('ArrowDown', { isComposing: true }), state)).toBeNull();
    expect(listKeyAction(onPage('ArrowRight', { altKey: true }), state)).toBeNull();
    expect(listKeyAction(onPage('ArrowLeft', { ctrlKey: true }), state)).toBeNull();
    expect(listKeyAction(onPage('k', { metaKey: true }), state)).toBeNull();
    expect(listKeyAction(onPage('q'), state)).toBeNull();
  });
});
