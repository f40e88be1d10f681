/**
 * Screens' side of the live provider: run something on a channel's events, or refetch on them.
 * Refine's `useSubscription` keeps the callback it was first given; these keep the latest one.
 */
import { useSubscription, type LiveEvent } from '@refinedev/core';
import { useCallback, useRef, useState } from 'react';
import { RESYNC_EVENT } from '../providers/live-channels.js';

export function useLiveEvent(channel: string, onEvent: (event: LiveEvent) => void, enabled = true): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useSubscription({ channel, types: ['*'], enabled, onLiveEvent: (event) => latest.current(event) });
}

/** The trip ids a trip or delivery event names (`ids` on trips, `vehicle_allocation_ids` on deliveries). */
export function changedTripIds(event: LiveEvent): number[] {
  const ids = (event.payload.vehicle_allocation_ids ?? event.payload.ids ?? []) as unknown[];
  return ids.map(Number);
}

export interface LiveRefetch {
  /** true while a refetch started by an event runs: screens keep their spinners off for it */
  refreshing: boolean;
  /** refetch now (coalesced with one under way) */
  refresh: () => void;
}

/**
 * Refetches on the channel's events (and on `resync`, after the socket came back). At most one
 * refetch runs; events during it cause exactly one more after it, so a change committed while a
 * refetch was reading is never lost, and a burst of events costs two requests, not one each.
 * `accept` may turn an event down (one about a trip the screen does not show).
 */
export function useLiveRefetch(
  channel: string,
  refetch: () => Promise<unknown>,
  { accept, enabled = true }: { accept?: (event: LiveEvent) => boolean; enabled?: boolean } = {},
): LiveRefetch {
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(refetch);
  latest.current = refetch;
  const running = useRef(false);
  const again = useRef(false);

  const refresh = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    setRefreshing(true);
    void (async () => {
      try {
        do {
          again.current = false;
          await latest.current().catch(() => undefined);
        } while (again.current);
      } finally {
        running.current = false;
        setRefreshing(false);
      }
    })();
  }, []);

  useLiveEvent(
    channel,
    (event) => {
      if (event.type === RESYNC_EVENT || !accept || accept(event)) refresh();
    },
    enabled,
  );
  return { refreshing, refresh };
}
