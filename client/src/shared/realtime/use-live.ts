/**
 * Screens' side of the live provider: run something on a channel's events, or refetch on them.
 * Refine's `useSubscription` keeps the callback it was first given; these keep the latest one.
 */
import { useSubscription, type LiveEvent } from '@refinedev/core';
import { useRef, useState } from 'react';
import { RESYNC_EVENT } from './live-channels.js';

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
 * One refetch at a time: a call while one runs asks for exactly one more after it (a change committed
 * while the first was reading is not lost), however many calls came meanwhile.
 */
export function coalescedRefresh(refetch: () => Promise<unknown>, onBusy: (busy: boolean) => void = () => undefined) {
  let running = false;
  let again = false;
  return function refresh(): void {
    if (running) {
      again = true;
      return;
    }
    running = true;
    onBusy(true);
    void (async () => {
      try {
        do {
          again = false;
          await refetch().catch(() => undefined);
        } while (again);
      } finally {
        running = false;
        onBusy(false);
      }
    })();
  };
}

/**
 * Refetches on the channel's events (and on `resync`, after the socket came back), coalesced
 * (`coalescedRefresh`): a burst of events costs two requests, not one each.
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
  const [refresh] = useState(() => coalescedRefresh(() => latest.current(), setRefreshing));

  useLiveEvent(
    channel,
    (event) => {
      if (event.type === RESYNC_EVENT || !accept || accept(event)) refresh();
    },
    enabled,
  );
  return { refreshing, refresh };
}
