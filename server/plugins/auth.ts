import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLocale } from '../../common/locales/index.js';
import { can } from '../../common/permissions.js';
import { findActor } from '../auth/actor.js';
import { forbidden, unauthorized } from '../errors.js';
import { translator } from '../i18n.js';

export const TOKEN_LIFETIME = '7d';

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  let claims;
  try {
    claims = await request.jwtVerify<{ sub: string; tv: number }>();
  } catch {
    throw unauthorized();
  }
  const actor = await findActor(app.db, Number(claims.sub));
  // A deleted user's token, or one issued before the password changed, no longer opens anything.
  if (!actor || actor.tokenVersion !== claims.tv) throw unauthorized();
  request.actor = actor;
}

/**
 * Language for every request; then, under /api, a valid token and the route's permission
 * (common/permissions.ts). Scope (which records) is checked in SQL by the queries themselves.
 */
export default fp(async function authPlugin(app: FastifyInstance, options: { secret: string }) {
  await app.register(jwt, { secret: options.secret, sign: { expiresIn: TOKEN_LIFETIME } });
  app.decorateRequest('locale', 'ja');
  app.decorateRequest('t', null as never);
  app.decorateRequest('actor', null as never);

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    request.t = translator(request.locale);
  });

  // Every /api route states who may call it; forgetting that is a start-up error, not an open door.
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; anyUser?: boolean; permission?: unknown };
    if (route.url.startsWith('/api/') && !config.public && !config.anyUser && !config.permission) {
      throw new Error(`Route ${route.method} ${route.url} declares no permission`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    // By the route, not the URL: /api/unknown reaches the static files' catch-all, then a JSON 404.
    if (!request.routeOptions.url?.startsWith('/api/') || config.public) return;
    await authenticate(app, request);
    const permission = config.permission;
    if (permission && !can(request.actor, permission.area, permission.action)) throw forbidden();
  });
});
