/**
 * The live provider App.tsx gives Refine, without the socket code: subscriptions are held here and
 * handed to the real provider (live-provider.ts), which loads with the first subscription. Nothing
 * on the login page subscribes, so its first load never carries the websocket module; the signed-in
 * frame (the bell in the header) subscribes at once and so loads it.
 */
import type { LiveProvider } from '@refinedev/core';
import type { LiveConnection } from './live-provider.js';

type SubscribeOptions = Parameters<LiveProvider['subscribe']>[0];

interface Handle {
  options: SubscribeOptions;
  inner?: unknown;
}

export interface DeferredLiveProvider extends LiveProvider {
  /** Closes the socket if it was ever opened (logout). */
  close(): void;
}

export function deferredLiveProvider(load: () => Promise<LiveConnection>): DeferredLiveProvider {
  const handles = new Set<Handle>();
  let real: LiveConnection | undefined;
  let loading: Promise<void> | undefined;

  const attach = (handle: Handle) => {
    if (real && handle.inner === undefined) handle.inner = real.subscribe(handle.options);
  };

  const ensureLoaded = () => {
    loading ??= load().then(
      (connection) => {
        real = connection;
        handles.forEach(attach);
      },
      (error: unknown) => {
        // A chunk that failed to load: the next subscription tries again.
        loading = undefined;
        console.error(error);
      },
    );
  };

  return {
    subscribe(options) {
      const handle: Handle = { options };
      handles.add(handle);
      if (real) attach(handle);
      else ensureLoaded();
      return handle;
    },
    unsubscribe(handle: Handle) {
      handles.delete(handle);
      if (handle.inner !== undefined) real?.unsubscribe(handle.inner);
    },
    close() {
      real?.close();
    },
  };
}

export const liveProvider = deferredLiveProvider(() => import('./live-provider.js').then((module) => module.appLiveConnection));
