/**
 * The time, for what turns with the clock alone (a trip that should have left by now): one timer for
 * the whole page, however many cells read it, running only while one does. The minute is what the
 * screens show, so it ticks every 30 s (a change shows within half a minute).
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = new Date();
let timer: number | undefined;

function tick() {
  now = new Date();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // Idle until now: the time read while rendering may be old (React reads it again once subscribed).
    now = new Date();
    timer = window.setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Now, as of the page's last tick (at most 30 s ago); the same Date until the next tick. */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, () => now);
}
