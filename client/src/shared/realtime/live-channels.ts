/**
 * The Refine live channels the websocket's events are published on (see live-provider.ts). Small and
 * free of the socket code, so screens and the bell can name a channel without loading it.
 */

/** The bell: `start_center_loading_start` arrives here as a `created` event (payload `ids`: the notification). */
export const NOTIFICATION_CHANNEL = 'notifications';
/** Trips (resource `vehicle_allocation`): `vehicle_allocation_changed` as an `updated` event, payload `ids`. */
export const TRIP_CHANNEL = 'resources/vehicle_allocation';
/**
 * Deliveries (resource `delivery`): the same event, since a trip's change changes its deliveries' rows.
 * Its payload names the trips (`vehicle_allocation_ids`), not deliveries, so it carries no `ids`.
 */
export const DELIVERY_CHANNEL = 'resources/delivery';
/** The optimizer's progress on a calculation (`optimizer_progress`) as a `progress` event, payload `{run_id, cost, seconds, budget}`. */
export const OPTIMIZER_CHANNEL = 'optimizer';

/**
 * Sent on every channel after the socket came back from a loss: events may have been missed while it
 * was down, so every subscriber refetches once.
 */
export const RESYNC_EVENT = 'resync';

/** The socket's state as the screens may show it: `waiting` while it reconnects after a loss. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'unauthorized';

const statusListeners = new Set<() => void>();
let liveStatus: LiveStatus = 'idle';

/** The application's connection reports here (live-provider.ts); `useSyncExternalStore` reads it. */
export const liveStatusStore = {
  get: (): LiveStatus => liveStatus,
  set(next: LiveStatus): void {
    liveStatus = next;
    statusListeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};
