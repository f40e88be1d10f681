import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { pickLocale } from '../../common/locales/index.js';
import { can } from '../../common/permissions.js';
import type { Db } from '../../db/index.js';
import { type Actor, findActor, findDriverActor } from '../auth/actor.js';
import { listeningActorCache } from '../auth/actor-cache.js';
import { forbidden, unauthorized } from '../errors.js';
import { translator } from '../i18n.js';

export const TOKEN_LIFETIME = '7d';
/** One algorithm for signing and verifying: a token naming another one (`none`, RS256) is refused. */
const ALGORITHM = 'HS256';

/** Who a token speaks for: an admin user of the screens, or a driver of the driver app. */
export type TokenType = 'user' | 'driver';

export interface TokenClaims {
  sub: string;
  /** the user's (or driver's) token_version when signed: a password change refuses older tokens */
  tv: number;
  typ: TokenType;
  /** the token's own id, so that logout can revoke this one token */
  jti: string;
  iat: number;
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh access token of the given type; `sub` is the user's id, or the driver's for a driver token. */
export function signToken(app: FastifyInstance, typ: TokenType, subjectId: number, tokenVersion: number): string {
  return app.jwt.sign({ sub: String(subjectId), tv: tokenVersion, typ, jti: randomUUID() });
}

/** Claims of the expected type and shape (after the signature, algorithm and expiry were checked). */
function claimsOfType(claims: Partial<TokenClaims>, typ: TokenType): TokenClaims {
  if (claims.typ !== typ || typeof claims.jti !== 'string' || !UUID.test(claims.jti) || !/^\d{1,10}$/.test(claims.sub ?? '')) {
    throw unauthorized();
  }
  return claims as TokenClaims;
}

/** The claims of a valid, unexpired token of the expected type, signed by us with the pinned algorithm. */
function verifiedClaims(app: FastifyInstance, token: string, typ: TokenType): TokenClaims {
  let claims: Partial<TokenClaims>;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch {
    throw unauthorized();
  }
  return claimsOfType(claims, typ);
}

/**
 * The token of an `Authorization: Bearer <token>` header, else 401; then its claims, also kept as
 * `request.user` (logout revokes them). The same verification as a token given to the websocket,
 * without `request.jwtVerify`'s second decoding and callback chain on every request (docs/performance.md).
 */
function claimsOfRequest(app: FastifyInstance, request: FastifyRequest, typ: TokenType): TokenClaims {
  const [scheme, token, ...rest] = (request.headers.authorization ?? '').split(' ');
  if (!/^Bearer$/i.test(scheme ?? '') || !token || rest.length > 0) throw unauthorized();
  request.user = verifiedClaims(app, token, typ);
  return request.user;
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Logout: this token is refused until it would have expired anyway; rows of expired tokens go. */
export async function revokeToken(db: Db, claims: TokenClaims): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({
      jti: claims.jti,
      ...(claims.typ === 'driver' ? { driver_id: Number(claims.sub) } : { user_id: Number(claims.sub) }),
      expires_at: new Date(claims.exp * 1000),
    })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', sql<Date>`now()`).execute();
}

/** The live user a user token speaks for; a deleted user's token, one issued before the password changed, or one logged out opens nothing. */
async function actorOfClaims(app: FastifyInstance, claims: TokenClaims): Promise<Actor> {
  const actor = await app.actorCache.lookup(claims.jti, () => findActor(app.db, Number(claims.sub), claims.jti));
  if (!actor || actor.tokenVersion !== claims.tv) throw unauthorized();
  return actor;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  request.actor = await actorOfClaims(app, claimsOfRequest(app, request, 'user'));
}

/**
 * A user token given elsewhere than in the Authorization header (the websocket's subprotocol), with
 * the same checks: signature and algorithm, expiry, type `user` (a driver's token is refused), not
 * revoked, the user live and the token not older than their password. 401 otherwise.
 */
export async function actorOfToken(app: FastifyInstance, token: string): Promise<{ actor: Actor; claims: TokenClaims }> {
  const claims = verifiedClaims(app, token, 'user');
  return { actor: await actorOfClaims(app, claims), claims };
}

/** Driver routes take driver tokens only: a user's token (whatever its permissions) opens none of them. */
async function authenticateDriver(app: FastifyInstance, request: FastifyRequest) {
  const claims = claimsOfRequest(app, request, 'driver');
  const driver = await findDriverActor(app.db, Number(claims.sub), claims.jti);
  if (!driver || driver.tokenVersion !== claims.tv) throw unauthorized();
  request.driver = driver;
}

/**
 * Language for every request; then, under /api, a valid token and the route's permission
 * (common/permissions.ts), or for driver routes (`config.driver`) a valid driver token, all in
 * `onRequest`: a caller without them learns nothing from how the route would have validated the body.
 * Scope (which records) is checked in SQL by the queries.
 */
export default fp(async function authPlugin(app: FastifyInstance, options: { secret: string }) {
  await app.register(jwt, {
    secret: options.secret,
    sign: { algorithm: ALGORITHM, expiresIn: TOKEN_LIFETIME },
    // cache: a token verified once is not verified again (fast-jwt's LRU of 1,000 tokens, each kept no
    // longer than its expiry): no signature check per request. Revocation and the user's state are still
    // read on every request (actorOfClaims); the cached claims are never modified.
    verify: { algorithms: [ALGORITHM], cache: true },
  });
  app.decorateRequest('locale', 'ja');
  app.decorateRequest('t', null as never);
  app.decorateRequest('actor', null as never);
  app.decorateRequest('driver', null as never);

  const actors = await listeningActorCache(app.db, app.log);
  app.decorate('actorCache', actors.cache);
  app.addHook('onClose', actors.close);
  // A request that may have written (a write method answered below 400: refused ones roll back) forgets
  // every actor before its answer leaves, so that this process's next request reads them again even
  // before the commit's notification is heard; refused requests, an anonymous caller's included, forget nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READ_ONLY_METHODS.has(request.method) && reply.statusCode < 400) actors.cache.forget();
    done(null, payload);
  });

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    request.t = translator(request.locale);
  });

  // Every /api route states who may call it; forgetting that is a start-up error, not an open door.
  // A driver route is for drivers only: it cannot also name a user permission.
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; anyUser?: boolean; permission?: unknown; driver?: boolean };
    if (!route.url.startsWith('/api/')) return;
    if (!config.public && !config.anyUser && !config.permission && !config.driver) {
      throw new Error(`Route ${route.method} ${route.url} declares no permission`);
    }
    if (config.driver && (config.public || config.anyUser || config.permission)) {
      throw new Error(`Route ${route.method} ${route.url} is a driver route and also declares a user permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // By the route, not the URL: /api/unknown reaches the static files' catch-all, then a JSON 404.
    if (!request.routeOptions.url?.startsWith('/api/') || config.public) return;
    if (config.driver) return authenticateDriver(app, request);
    await authenticate(app, request);
    const permission = config.permission;
    if (permission && !can(request.actor, permission.area, permission.action)) throw forbidden();
  });
});
