/**
 * The realtime protocol between the server and the screens, one place for both sides.
 *
 * - The socket is `/api/ws`. Browsers cannot set headers on a websocket and a token in the URL ends
 *   up in logs, so the client offers two subprotocols: `REALTIME_PROTOCOL` and `bearer.<token>`;
 *   the server accepts with `REALTIME_PROTOCOL` only after the token (type `user`, not revoked) and
 *   the `Origin` header check out, and closes with `REALTIME_CLOSE.unauthorized` otherwise.
 * - Messages are JSON, server to client only, and carry ids, never rows: the client refetches. The one
 *   exception is the optimizer's progress, which is figures of a run under way and nothing to refetch.
 */
export const REALTIME_PATH = '/api/ws';
export const REALTIME_PROTOCOL = 'haisha.v1';
export const TOKEN_PROTOCOL_PREFIX = 'bearer.';

/** Close codes in the private range (4000-4999) the client reads to decide whether to reconnect. */
export const REALTIME_CLOSE = {
  /** no token, a wrong or revoked one, a driver's token, or a wrong origin: do not retry with it */
  unauthorized: 4401,
  /** the server is shutting down: reconnect with backoff */
  restarting: 4503,
} as const;

/** A loading start wrote this notification for the receiving user; the bell refetches. */
export interface NotificationEvent {
  type: 'start_center_loading_start';
  notification_id: number;
  vehicle_allocation_id: number;
}

/** Trips changed (stops, status, vehicle, driver, deletion): screens showing them refetch. */
export interface TripsChangedEvent {
  type: 'vehicle_allocation_changed';
  ids: number[];
}

/**
 * The optimizer's progress on a calculation a user asked for (`run_id`: the client's id of the request):
 * the best plan's cost so far and the seconds elapsed of the `budget` the user chose.
 */
export interface OptimizerProgressEvent {
  type: 'optimizer_progress';
  run_id: string;
  cost: number;
  seconds: number;
  budget: number;
}

/** The id a client gives one calculation, to know its progress events: letters, digits and hyphens (a UUID). */
export const RUN_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$';

export type RealtimeEvent = NotificationEvent | TripsChangedEvent | OptimizerProgressEvent;

/** Reconnection backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
