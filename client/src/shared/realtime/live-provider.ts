/**
 * Refine's live provider over the realtime websocket (common/realtime.ts): one socket per signed-in
 * session, opened with the first subscription and closed with the last one or on logout.
 *
 * - The socket offers `[REALTIME_PROTOCOL, 'bearer.' + token]` (browsers cannot set headers on a
 *   websocket and a token in the URL ends up in logs).
 * - After a loss (server restart, network) it reconnects by itself after `reconnectDelayMs(attempt)`;
 *   once it is back, every subscriber gets a `resync` event, since events were missed meanwhile.
 * - A close with `REALTIME_CLOSE.unauthorized` (4401) stops it until the token changes (the next
 *   login): retrying with a refused token would only be refused again.
 * - Messages carry ids only; each becomes Refine live events (`toLiveEvents`), and screens refetch.
 *
 * This module is loaded with the first subscription (live-bridge.ts), never on the login page.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  reconnectDelayMs,
  TOKEN_PROTOCOL_PREFIX,
  type OptimizerProgressEvent,
  type RealtimeEvent,
} from '../../../../common/realtime.js';
import { DELIVERY_CHANNEL, liveStatusStore, NOTIFICATION_CHANNEL, OPTIMIZER_CHANNEL, RESYNC_EVENT, TRIP_CHANNEL, type LiveStatus } from './live-channels.js';
import { getToken, hasValidToken } from '../../app/providers/session.js';

/** The part of a WebSocket this module uses: the browser's, or the `ws` package's in tests. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export type { LiveStatus };

export interface LiveOptions {
  /** the socket's address; by default `/api/ws` on this page's host (wss on https) */
  url?: () => string;
  /** the session's token, or null when signed out */
  token?: () => string | null;
  /** opens a socket; by default the browser's WebSocket */
  connect?: (url: string, protocols: string[]) => SocketLike;
  /** the wait before reconnection attempt `n` (0, 1, …) */
  delay?: (attempt: number) => number;
  onStatus?: (status: LiveStatus) => void;
  /** how long the socket outlives its last subscriber (a screen replacing another resubscribes) */
  lingerMs?: number;
}

type SubscribeOptions = Parameters<LiveProvider['subscribe']>[0];

export interface LiveConnection extends LiveProvider {
  /** Closes the socket and forgets a refused token (logout); the next subscription opens a new one. */
  close(): void;
  status(): LiveStatus;
}

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id));

/** A server message as an event of the protocol, or null when it is not one (ignored, never thrown). */
export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type === 'start_center_loading_start' && Number.isInteger(message.notification_id)) {
    return {
      type: 'start_center_loading_start',
      notification_id: message.notification_id as number,
      vehicle_allocation_id: message.vehicle_allocation_id as number,
    };
  }
  if (message.type === 'vehicle_allocation_changed' && isIdList(message.ids)) {
    return { type: 'vehicle_allocation_changed', ids: message.ids };
  }
  if (message.type === 'optimizer_progress' && typeof message.run_id === 'string' && [message.cost, message.seconds, message.budget].every(Number.isFinite)) {
    const { run_id, cost, seconds, budget } = message as unknown as OptimizerProgressEvent;
    return { type: 'optimizer_progress', run_id, cost, seconds, budget };
  }
  return null;
}

/** The Refine live events one protocol event becomes. */
export function toLiveEvents(event: RealtimeEvent, date = new Date()): LiveEvent[] {
  if (event.type === 'start_center_loading_start') {
    return [
      {
        channel: NOTIFICATION_CHANNEL,
        type: 'created',
        payload: { ids: [event.notification_id], vehicle_allocation_id: event.vehicle_allocation_id },
        date,
      },
    ];
  }
  if (event.type === 'optimizer_progress') {
    const { run_id, cost, seconds, budget } = event;
    return [{ channel: OPTIMIZER_CHANNEL, type: 'progress', payload: { run_id, cost, seconds, budget }, date }];
  }
  return [
    { channel: TRIP_CHANNEL, type: 'updated', payload: { ids: event.ids }, date },
    { channel: DELIVERY_CHANNEL, type: 'updated', payload: { vehicle_allocation_ids: event.ids }, date },
  ];
}

/** Whether a subscription wants an event: its channel, its types, and for one record (`useOne`) its id. */
export function wants(subscription: SubscribeOptions, event: LiveEvent): boolean {
  if (subscription.channel !== event.channel) return false;
  if (event.type === RESYNC_EVENT) return true;
  if (!subscription.types.includes('*') && !subscription.types.includes(event.type)) return false;
  const id = subscription.params?.id;
  if (subscription.params?.subscriptionType === 'useOne' && id !== undefined && event.payload.ids) {
    return event.payload.ids.some((changed) => String(changed) === String(id));
  }
  return true;
}

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

export function createLiveConnection(options: LiveOptions = {}): LiveConnection {
  const url = options.url ?? defaultUrl;
  const token = options.token ?? (() => (hasValidToken() ? getToken() : null));
  const open = options.connect ?? ((address, protocols) => new WebSocket(address, protocols) as unknown as SocketLike);
  const delay = options.delay ?? reconnectDelayMs;
  const lingerMs = options.lingerMs ?? 1000;

  const subscriptions = new Set<SubscribeOptions>();
  let socket: SocketLike | null = null;
  let socketToken: string | null = null;
  let refusedToken: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lingering: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let wasOpen = false;
  let status: LiveStatus = 'idle';

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const dispatch = (event: LiveEvent) => {
    for (const subscription of [...subscriptions]) {
      if (!subscriptions.has(subscription) || !wants(subscription, event)) continue;
      try {
        subscription.callback(event);
      } catch (error) {
        console.error(error);
      }
    }
  };

  const resync = () => {
    const date = new Date();
    for (const channel of new Set([...subscriptions].map((subscription) => subscription.channel))) {
      dispatch({ channel, type: RESYNC_EVENT, payload: {}, date });
    }
  };

  /** Drops the socket without reconnecting (its handlers are detached first). */
  const drop = () => {
    clearTimeout(timer);
    timer = undefined;
    const current = socket;
    socket = null;
    socketToken = null;
    if (current) {
      current.onopen = current.onmessage = current.onclose = null;
      current.onerror = () => undefined; // closing a socket still connecting reports an error: expected
      current.close(1000, 'bye');
    }
  };

  const connect = () => {
    clearTimeout(timer);
    timer = undefined;
    const current = token();
    if (current === null || current === refusedToken || subscriptions.size === 0) {
      setStatus(current !== null && current === refusedToken ? 'unauthorized' : 'idle');
      return;
    }
    // A retry after a loss stays `waiting` until it opens: the screens say "reconnecting" throughout.
    setStatus(wasOpen || attempt > 0 ? 'waiting' : 'connecting');
    const ws = open(url(), [REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${current}`]);
    socket = ws;
    socketToken = current;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
      if (wasOpen) resync();
      wasOpen = true;
    };
    ws.onmessage = (message) => {
      const event = parseRealtimeEvent(message.data);
      if (event) toLiveEvents(event).forEach(dispatch);
    };
    ws.onerror = () => undefined; // a close follows; it decides
    ws.onclose = ({ code }) => {
      if (socket !== ws) return;
      socket = null;
      socketToken = null;
      if (code === REALTIME_CLOSE.unauthorized) {
        refusedToken = current;
        setStatus('unauthorized');
        return;
      }
      setStatus('waiting');
      timer = setTimeout(connect, delay(attempt));
      attempt += 1;
    };
  };

  /** Connects when it should and does not: a subscriber, a usable token, no socket or wait under way. */
  const ensure = () => {
    clearTimeout(lingering);
    lingering = undefined;
    const current = token();
    if (socket && socketToken !== current) drop(); // another user signed in meanwhile
    if (socket || timer !== undefined) return;
    connect();
  };

  return {
    subscribe(subscription) {
      subscriptions.add(subscription);
      ensure();
      return subscription;
    },
    unsubscribe(subscription: SubscribeOptions) {
      subscriptions.delete(subscription);
      if (subscriptions.size > 0) return;
      // A screen replacing another unsubscribes before the next one subscribes: keep the socket a moment.
      clearTimeout(lingering);
      lingering = setTimeout(() => {
        lingering = undefined;
        if (subscriptions.size > 0) return;
        drop();
        attempt = 0;
        wasOpen = false;
        setStatus('idle');
      }, lingerMs);
    },
    close() {
      clearTimeout(lingering);
      lingering = undefined;
      drop();
      attempt = 0;
      wasOpen = false;
      refusedToken = null;
      setStatus('idle');
    },
    status: () => status,
  };
}

/** The application's connection (token from the session, the page's host); the bell shows its state. */
export const appLiveConnection = createLiveConnection({ onStatus: liveStatusStore.set });
