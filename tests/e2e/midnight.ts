import { tokyoToday } from '../../common/deliveries.js';

/**
 * The longest a browser test file may run, with room to spare for the slowest machine (the
 * suite's times: docs/performance.md).
 */
export const FILE_MINUTES = 6;
const DAY_MS = 86_400_000;
const TOKYO_OFFSET_MS = 9 * 3_600_000;
/** Past midnight by this much before a waiting file goes on. */
const SETTLE_MS = 2_000;

/** How long a file starting at `now` waits: until just after Tokyo's midnight when that comes within FILE_MINUTES, else 0. */
export function waitBeforeFile(now: number): number {
  const untilMidnight = DAY_MS - ((now + TOKYO_OFFSET_MS) % DAY_MS);
  return untilMidnight < FILE_MINUTES * 60_000 ? untilMidnight + SETTLE_MS : 0;
}

/**
 * Today in Tokyo, for a file that makes rows for today and then finds them on a page that opens on
 * today (the browser's day). Started just before Tokyo's midnight (15:00 UTC), such a file would make
 * them for one day and find the page on the next: it waits for the midnight to pass first.
 */
export async function todayForFile(): Promise<string> {
  const wait = waitBeforeFile(Date.now());
  if (wait > 0) {
    console.log(`${Math.ceil(wait / 1000)} s to Tokyo's midnight: this file waits for it to pass, so that it runs within one day`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return tokyoToday();
}
