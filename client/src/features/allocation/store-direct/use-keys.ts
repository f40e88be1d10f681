/** The board's keys: 1-9 send the selection to that trip, Ctrl+Z undoes; not while typing, not while a write runs. */
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface BoardKeys {
  busy: boolean;
  undo: () => Promise<void>;
  /** The selected deliveries onto the trip of that number (便3), as a drop on its card would. */
  sendSelectedTo: (tripNo: number) => void;
}

/**
 * Keys typed into a field are its own: a text box, a text area, an editable element, a select's search.
 * A checkbox or a radio just ticked keeps the focus but takes no text, so the board's keys still work.
 */
function typing(target: HTMLElement | null): boolean {
  if (!target) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.tagName === 'TEXTAREA' || target.isContentEditable;
}

export function useBoardKeys(keys: BoardKeys) {
  // A key reads the board as it is when pressed: updated in a layout effect, so that no key can arrive
  // once a move has ended on screen but before the listener knows (a passive effect re-registering the
  // listener left that gap, and a quick Ctrl+Z was silently dropped).
  const latest = useRef(keys);
  useLayoutEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing || typing(event.target as HTMLElement | null)) return;
      const plain = !(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
      if (plain && /^[1-9]$/.test(event.key)) {
        if (!latest.current.busy) latest.current.sendSelectedTo(Number(event.key));
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || event.shiftKey) return;
      event.preventDefault();
      if (!latest.current.busy) void latest.current.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
