import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../common/realtime.js';
import { listenUrlOf } from '../../db/index.js';
import { allowedOrigins } from '../config.js';
import { errorResponses } from '../http/schemas.js';
import { actorOfToken } from '../plugins/auth.js';
import { InProcessBus, type RealtimeBus } from './bus.js';
import { Realtime } from './after-commit.js';
import { PostgresBus } from './postgres-bus.js';

/** A socket that has not answered the previous ping by the next one is dropped. */
export const HEARTBEAT_MS = 30_000;

export interface RealtimePluginOptions {
  /** a bus of the caller's (tests, the benchmark); by default PostgreSQL's with DATABASE_URL, else in-process */
  bus?: RealtimeBus;
  heartbeatMs?: number;
}

/** The token of the `bearer.<jwt>` subprotocol, when the client also speaks this protocol's version. */
function offeredToken(header: string | undefined): string | undefined {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(REALTIME_PROTOCOL)) return undefined;
  const bearer = offered.find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return bearer?.slice(TOKEN_PROTOCOL_PREFIX.length) || undefined;
}

/**
 * The page's own origin (the Host it asked, over http or https: TLS may end at a proxy) or one of
 * ALLOWED_ORIGINS. A browser always sends Origin with a websocket; a request without one is refused.
 */
function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (allowed.has(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * `app.realtime` (writes that publish once committed) and the socket `/api/ws` (docs/realtime.md).
 * The upgrade is always accepted with `haisha.v1`, then a refused client (no or bad token, a driver's
 * token, a revoked one, a wrong Origin) is closed with 4401: a browser sees the close code, never an
 * HTTP status, and the client must know not to retry with that token.
 */
async function realtimePlugin(app: FastifyInstance, options: RealtimePluginOptions) {
  const bus =
    options.bus ??
    (app.config.DATABASE_URL ? new PostgresBus(app.db, { connectionString: listenUrlOf(app.db) ?? app.config.DATABASE_URL, log: app.log }) : new InProcessBus());
  app.decorate('realtime', new Realtime(app.db, bus, app.log));
  const allowed = allowedOrigins(app.config);
  const sockets = new Map<WebSocket, { alive: boolean }>();

  const heartbeat = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  // Before @fastify/websocket's own preClose (which closes with 1005): the clients learn to come back.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const socket of sockets.keys()) socket.close(REALTIME_CLOSE.restarting, 'restarting');
  });
  app.addHook('onClose', async () => {
    if (!options.bus) await bus.close();
  });

  await app.register(websocket, {
    options: {
      // Server to client only: a client's message is never more than a few bytes (and is ignored).
      maxPayload: 1024,
      handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
    },
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { public: true },
    // The upgrade answers with the socket; a plain request (no upgrade) gets 426 in the API's error shape.
    schema: { response: errorResponses },
    handler: async (request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send({ message: request.t('realtime.upgradeRequired', { path: REALTIME_PATH }), code: 426 }),
    wsHandler: (socket, request) => accept(socket, request),
  });

  async function accept(socket: WebSocket, request: FastifyRequest) {
    const refuse = () => socket.close(REALTIME_CLOSE.unauthorized, 'unauthorized');
    const token = offeredToken(request.headers['sec-websocket-protocol']);
    if (!token || !originAllowed(request, allowed)) return refuse();
    let session: Awaited<ReturnType<typeof actorOfToken>>;
    try {
      session = await actorOfToken(app, token);
    } catch {
      return refuse();
    }
    if (socket.readyState !== socket.OPEN) return;
    const state = { alive: true };
    sockets.set(socket, state);
    const unsubscribe = bus.subscribe(session.actor.id, (_event, json) => socket.send(json));
    // The token's own end ends the socket too (a revoked token is refused at the next connection).
    const expiry = setTimeout(refuse, Math.min(2 ** 31 - 1, Math.max(0, session.claims.exp * 1000 - Date.now())));
    expiry.unref();
    socket.on('pong', () => (state.alive = true));
    socket.on('close', () => {
      clearTimeout(expiry);
      unsubscribe();
      sockets.delete(socket);
    });
    // The first ping says "subscribed": a client (a test) may wait for it before expecting events. On
    // PostgreSQL it waits for this process's LISTEN: a socket told "subscribed" while the listening
    // connection was still opening missed a NOTIFY sent in those milliseconds (docs/realtime.md).
    await bus.ready();
    if (socket.readyState === socket.OPEN) socket.ping();
  }
}

export default fp(realtimePlugin, { name: 'realtime' });
