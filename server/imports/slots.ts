import { AppError } from '../errors.js';

/**
 * At most this many imports run at once per database: each holds a pooled connection at times and
 * the merge holds one throughout, so imports can never take every connection of the pool.
 */
export const MAX_CONCURRENT_IMPORTS = 2;
/** How long an import waits for a free slot before it is refused with 503. */
const WAIT_MS = 5_000;
const POLL_MS = 100;

const running = new WeakMap<object, number>();

/** Waits briefly for one of the database's import slots; resolves with the function that frees it. */
export async function takeImportSlot(db: object, waitMs = WAIT_MS): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  while ((running.get(db) ?? 0) >= MAX_CONCURRENT_IMPORTS) {
    if (Date.now() >= deadline) throw new AppError(503, 'csv.busy');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  running.set(db, (running.get(db) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.set(db, (running.get(db) ?? 1) - 1);
  };
}
