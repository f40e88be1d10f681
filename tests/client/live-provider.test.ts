/**
 * The live provider against a real websocket server on a local port (the `ws` package, which
 * @fastify/websocket runs on): the subprotocols it offers, the events it maps, reconnection after
 * the server goes away, none after 4401, closing on logout and with its last subscriber.
 */
import type { AddressInfo } from 'node:net';
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../common/realtime.js';
import { changedTripIds, coalescedRefresh } from '../../client/src/shared/realtime/use-live.js';
import { deferredLiveProvider } from '../../client/src/shared/realtime/live-bridge.js';
import { DELIVERY_CHANNEL, NOTIFICATION_CHANNEL, OPTIMIZER_CHANNEL, RESYNC_EVENT, TRIP_CHANNEL } from '../../client/src/shared/realtime/live-channels.js';
import {
  createLiveConnection,
  parseRealtimeEvent,
  toLiveEvents,
  type LiveConnection,
  type LiveOptions,
  type SocketLike,
} from '../../client/src/shared/realtime/live-provider.js';

interface Connection {
  socket: WebSocket;
  offered: string[];
  closed: Promise<number>;
}

/** A websocket server that accepts `REALTIME_PROTOCOL` and records every connection. */
async function startServer(port = 0) {
  const server = new WebSocketServer({
    port,
    host: '127.0.0.1',
    path: REALTIME_PATH,
    handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
  });
  const connections: Connection[] = [];
  const waiters: Array<() => void> = [];
  server.on('connection', (socket, request) => {
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((part) => part.trim());
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    connections.push({ socket, offered, closed });
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve) => server.on('listening', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    connections,
    /** The n-th connection (1-based), once it has arrived. */
    async connection(n: number): Promise<Connection> {
      while (connections.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return connections[n - 1];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.close(REALTIME_CLOSE.restarting, 'restarting');
        server.close(() => resolve());
      }),
  };
}

type TestServer = Awaited<ReturnType<typeof startServer>>;
const servers: TestServer[] = [];
const connections: LiveConnection[] = [];

afterEach(async () => {
  connections.splice(0).forEach((connection) => connection.close());
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function serve(port = 0) {
  const server = await startServer(port);
  servers.push(server);
  return server;
}

/** A connection to `server`; the session's token is whatever `session.token` says. */
function liveFor(port: number, session: { token: string | null }, options: Partial<LiveOptions> = {}) {
  const statuses: string[] = [];
  const connection = createLiveConnection({
    url: () => `ws://127.0.0.1:${port}${REALTIME_PATH}`,
    token: () => session.token,
    connect: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    delay: () => 20,
    lingerMs: 0,
    onStatus: (status) => statuses.push(status),
    ...options,
  });
  connections.push(connection);
  return { connection, statuses };
}

/** A subscriber that keeps what it receives and can wait for the next one. */
function listen(provider: LiveProvider, channel: string, params?: Record<string, unknown>) {
  const events: LiveEvent[] = [];
  let wake: (() => void) | undefined;
  let cursor = 0;
  const handle = provider.subscribe({
    channel,
    types: ['*'],
    params,
    callback: (event: LiveEvent) => {
      events.push(event);
      wake?.();
    },
  });
  return {
    events,
    handle,
    /** The n-th event (1-based), by default the one after the last asked for, once it has arrived. */
    async next(count = cursor + 1): Promise<LiveEvent> {
      while (events.length < count) await new Promise<void>((resolve) => (wake = resolve));
      cursor = count;
      return events[count - 1];
    },
  };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the protocol messages', () => {
  test('a loading start becomes a created event on the bell; a trip change, trip and delivery events', () => {
    const date = new Date('2026-11-23T00:00:00Z');
    expect(toLiveEvents({ type: 'start_center_loading_start', notification_id: 7, vehicle_allocation_id: 3 }, date)).toEqual([
      { channel: NOTIFICATION_CHANNEL, type: 'created', payload: { ids: [7], vehicle_allocation_id: 3 }, date },
    ]);
    expect(toLiveEvents({ type: 'vehicle_allocation_changed', ids: [3, 4] }, date)).toEqual([
      { channel: TRIP_CHANNEL, type: 'updated', payload: { ids: [3, 4] }, date },
      { channel: DELIVERY_CHANNEL, type: 'updated', payload: { vehicle_allocation_ids: [3, 4] }, date },
    ]);
  });

  test('the optimizer’s progress becomes a progress event on its channel, its figures as they came', () => {
    const date = new Date('2026-11-23T00:00:00Z');
    const message = '{"type":"optimizer_progress","run_id":"r-1","cost":812.5,"seconds":1.25,"budget":5}';
    const event = parseRealtimeEvent(message)!;
    expect(event).toEqual({ type: 'optimizer_progress', run_id: 'r-1', cost: 812.5, seconds: 1.25, budget: 5 });
    expect(toLiveEvents(event, date)).toEqual([{ channel: OPTIMIZER_CHANNEL, type: 'progress', payload: { run_id: 'r-1', cost: 812.5, seconds: 1.25, budget: 5 }, date }]);
    expect(parseRealtimeEvent('{"type":"optimizer_progress","run_id":"r-1","cost":"812","seconds":1,"budget":5}')).toBeNull();
  });

  test('what is not a message of the protocol is ignored', () => {
    for (const data of ['not json', '42', 'null', '{"type":"other"}', '{"type":"vehicle_allocation_changed","ids":["1"]}', Buffer.from('{}')]) {
      expect(parseRealtimeEvent(data)).toBeNull();
    }
    expect(parseRealtimeEvent('{"type":"vehicle_allocation_changed","ids":[1,2]}')).toEqual({ type: 'vehicle_allocation_changed', ids: [1, 2] });
  });
});

describe('the live provider over a real websocket', () => {
  test('offers the protocol and the token as subprotocols, and delivers the events to their channels', async () => {
    const server = await serve();
    const { connection } = liveFor(server.port, { token: 'token-a' });
    const bell = listen(connection, NOTIFICATION_CHANNEL);
    const trips = listen(connection, TRIP_CHANNEL);
    const deliveries = listen(connection, DELIVERY_CHANNEL);
    const tripThree = listen(connection, TRIP_CHANNEL, { subscriptionType: 'useOne', id: 3 });

    const first = await server.connection(1);
    expect(first.offered).toEqual([REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}token-a`]);
    expect(first.socket.protocol).toBe(REALTIME_PROTOCOL);
    await until(() => connection.status() === 'open');

    first.socket.send(JSON.stringify({ type: 'vehicle_allocation_changed', ids: [4] }));
    first.socket.send(JSON.stringify({ type: 'start_center_loading_start', notification_id: 11, vehicle_allocation_id: 3 }));
    first.socket.send(JSON.stringify({ type: 'vehicle_allocation_changed', ids: [3] }));

    expect((await bell.next()).payload).toEqual({ ids: [11], vehicle_allocation_id: 3 });
    expect((await trips.next(2)).payload.ids).toEqual([3]);
    expect(trips.events.map((event) => event.payload.ids)).toEqual([[4], [3]]);
    expect((await deliveries.next(2)).payload).toEqual({ vehicle_allocation_ids: [3] });
    // One trip's screen hears about its own trip only.
    expect((await tripThree.next()).payload.ids).toEqual([3]);
    expect(tripThree.events).toHaveLength(1);
    expect(server.connections).toHaveLength(1);
  });

  test('reconnects by itself after the server goes away, and every subscriber refetches once', async () => {
    const server = await serve();
    const delay = vi.fn(() => 20);
    const { connection } = liveFor(server.port, { token: 'token-a' }, { delay });
    const bell = listen(connection, NOTIFICATION_CHANNEL);
    const trips = listen(connection, TRIP_CHANNEL);
    await server.connection(1);
    await until(() => connection.status() === 'open');

    // The server restarts: the same port, a new process.
    const port = server.port;
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    await until(() => connection.status() === 'waiting');
    const restarted = await serve(port);

    const second = await restarted.connection(1);
    expect(second.offered).toEqual([REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}token-a`]);
    expect(delay).toHaveBeenCalled();
    expect((await bell.next()).type).toBe(RESYNC_EVENT);
    expect((await trips.next()).type).toBe(RESYNC_EVENT);

    second.socket.send(JSON.stringify({ type: 'start_center_loading_start', notification_id: 12, vehicle_allocation_id: 5 }));
    expect((await bell.next()).payload.ids).toEqual([12]);
    expect(connection.status()).toBe('open');
  });

  test(`does not reconnect after ${REALTIME_CLOSE.unauthorized}, until the token changes (the next login)`, async () => {
    const server = await serve();
    const session = { token: 'revoked' as string | null };
    const delay = vi.fn(() => 20);
    const { connection, statuses } = liveFor(server.port, session, { delay });
    listen(connection, NOTIFICATION_CHANNEL);
    const first = await server.connection(1);
    await until(() => connection.status() === 'open');

    first.socket.close(REALTIME_CLOSE.unauthorized, 'unauthorized');
    await until(() => connection.status() === 'unauthorized');
    // No wait is scheduled, and a new screen's subscription does not retry with the refused token.
    expect(delay).not.toHaveBeenCalled();
    listen(connection, TRIP_CHANNEL);
    expect(connection.status()).toBe('unauthorized');
    expect(statuses).not.toContain('waiting');

    // A new login: the next subscription opens a socket with the new token.
    session.token = 'fresh';
    listen(connection, DELIVERY_CHANNEL);
    const second = await server.connection(2);
    expect(second.offered).toEqual([REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}fresh`]);
    expect(server.connections).toHaveLength(2);
  });

  test('logout closes the socket for good; without a token nothing connects', async () => {
    const server = await serve();
    const session = { token: 'token-a' as string | null };
    const delay = vi.fn(() => 20);
    const { connection } = liveFor(server.port, session, { delay });
    listen(connection, NOTIFICATION_CHANNEL);
    const first = await server.connection(1);
    await until(() => connection.status() === 'open');

    session.token = null;
    connection.close();
    expect(await first.closed).toBe(1000);
    expect(connection.status()).toBe('idle');
    listen(connection, TRIP_CHANNEL);
    expect(connection.status()).toBe('idle');
    expect(delay).not.toHaveBeenCalled();
    expect(server.connections).toHaveLength(1);
  });

  test('the last subscriber leaving closes the socket; a new one opens another', async () => {
    const server = await serve();
    const { connection } = liveFor(server.port, { token: 'token-a' });
    const bell = listen(connection, NOTIFICATION_CHANNEL);
    const first = await server.connection(1);
    // Open on the client's side too: the server counts a connection before the client has read its
    // answer, and a socket closed while still connecting is abandoned (1006), not closed (1000).
    await until(() => connection.status() === 'open');
    connection.unsubscribe(bell.handle);
    expect(await first.closed).toBe(1000);
    await until(() => connection.status() === 'idle');

    listen(connection, NOTIFICATION_CHANNEL);
    await server.connection(2);
    await until(() => connection.status() === 'open');
  });
});

describe('the deferred provider App.tsx gives Refine', () => {
  test('loads the socket module with the first subscription and hands it what was subscribed meanwhile', async () => {
    const server = await serve();
    const { connection } = liveFor(server.port, { token: 'token-a' });
    let release: (() => void) | undefined;
    const load = vi.fn(() => new Promise<LiveConnection>((resolve) => (release = () => resolve(connection))));
    const deferred = deferredLiveProvider(load);
    expect(load).not.toHaveBeenCalled();

    const bell = listen(deferred, NOTIFICATION_CHANNEL);
    const gone = listen(deferred, TRIP_CHANNEL);
    deferred.unsubscribe(gone.handle);
    expect(load).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(0);
    release!();

    const first = await server.connection(1);
    await until(() => connection.status() === 'open');
    first.socket.send(JSON.stringify({ type: 'vehicle_allocation_changed', ids: [1] }));
    first.socket.send(JSON.stringify({ type: 'start_center_loading_start', notification_id: 1, vehicle_allocation_id: 1 }));
    expect((await bell.next()).payload.ids).toEqual([1]);
    expect(gone.events).toHaveLength(0);

    deferred.close();
    expect(await first.closed).toBe(1000);
  });
});

describe('what a screen does with the events', () => {
  test('a burst of events while a refetch runs costs exactly one more refetch, after it', async () => {
    const pending: Array<() => void> = [];
    const refetch = vi.fn(() => new Promise<void>((resolve) => pending.push(resolve)));
    const busy: boolean[] = [];
    const refresh = coalescedRefresh(refetch, (value) => busy.push(value));

    refresh();
    refresh();
    refresh();
    expect(refetch).toHaveBeenCalledTimes(1);
    pending.shift()!();
    await until(() => refetch.mock.calls.length === 2);
    pending.shift()!();
    await until(() => busy.length === 2);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(busy).toEqual([true, false]);

    // Idle again: the next event refetches at once; a failed refetch does not stop the next.
    refetch.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    refresh();
    await until(() => busy.length === 4);
    refresh();
    expect(refetch).toHaveBeenCalledTimes(4);
  });

  test("the trip ids an event names, on the trips' channel and the deliveries'", () => {
    const [trips, deliveries] = toLiveEvents({ type: 'vehicle_allocation_changed', ids: [5, 6] });
    expect(changedTripIds(trips)).toEqual([5, 6]);
    expect(changedTripIds(deliveries)).toEqual([5, 6]);
  });
});
