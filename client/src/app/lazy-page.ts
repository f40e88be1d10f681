import { lazy, type ComponentType } from 'react';

const RELOADED_AT_KEY = 'chunk-reloaded-at';
const RELOAD_WINDOW_MS = 60_000;

/** A route chunk that no longer exists (a new deploy renamed it) or could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page once; a second failure within a minute is shown as an error instead. */
export function reloadAfterChunkError(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** React.lazy for a route page, reloading the app when its chunk is gone. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadAfterChunkError()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
}
