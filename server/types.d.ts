import type { Locale } from '../common/locales/index.js';
import type { Area, Action } from '../common/permissions.js';
import type { Db } from '../db/index.js';
import type { Config } from './config.js';
import type { Actor, DriverActor } from './auth/actor.js';
import type { ActorCache } from './auth/actor-cache.js';
import type { TokenClaims } from './plugins/auth.js';
import type { PdfRenderer } from './plugins/pdf.js';
import type { Translate } from './i18n.js';
import type { Realtime } from './realtime/after-commit.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** the largest file an upload may carry, in bytes */
    uploadLimitBytes: number;
    /** writes whose users hear of them once committed, and the event bus (server/realtime/) */
    realtime: Realtime;
    /** PDFs of the reports' HTML through one Chromium (server/plugins/pdf.ts) */
    pdf: PdfRenderer;
    /** who each token speaks for, remembered between requests (server/auth/actor-cache.ts) */
    actorCache: ActorCache;
  }
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    /** The signed-in user; set by the auth hook on every /api route but login. */
    actor: Actor;
    /** The signed-in driver; set by the auth hook on driver-app routes (`config.driver`) instead of `actor`. */
    driver: DriverActor;
  }
  interface FastifyContextConfig {
    /** The permission a route needs, from common/permissions.ts. */
    permission?: { area: Area; action: Action };
    /** Routes reachable without a token (login). */
    public?: boolean;
    /** Routes any signed-in user may call (their own profile, logout). */
    anyUser?: boolean;
    /** Driver-app routes: a driver's token only (never a user's), no user permission. */
    driver?: boolean;
    /** field → i18n key of its label, so that a refused input names the field as the screen does */
    labels?: Record<string, string>;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<TokenClaims, 'iat' | 'exp'>;
    user: TokenClaims;
  }
}
