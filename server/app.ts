import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Db } from '../db/index.js';
import allocationRoutes from './allocation/routes.js';
import auditLogRoutes from './audit-log/routes.js';
import retention from './plugins/retention.js';
import type { Config } from './config.js';
import deliveryRoutes from './deliveries/routes.js';
import destinationShareRoutes from './destination-shares/routes.js';
import { MAX_UPLOAD_BYTES } from './imports/upload.js';
import { serializerCompiler } from './http/serializer.js';
import { validatorCompiler } from './http/validator.js';
import auditPlugin from './plugins/audit.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import pdfPlugin from './plugins/pdf.js';
import securityHeaders from './plugins/security-headers.js';
import driverAppRoutes from './driver-app/routes.js';
import driverTimeRoutes from './driver-time/routes.js';
import driverShareRoutes from './driver-app/share-routes.js';
import authRoutes from './auth/routes.js';
import geocodeRoutes from './geocoding/routes.js';
import healthRoutes from './health/routes.js';
import masterRoutes from './masters/routes.js';
import notificationRoutes from './notifications/routes.js';
import placesRoutes from './places/routes.js';
import reportRoutes from './reports/routes.js';
import systemRoutes from './system/routes.js';
import realtimePlugin, { type RealtimePluginOptions } from './realtime/plugin.js';
import userRoutes from './users/routes.js';
import dashboardRoutes from './dashboard/routes.js';

export interface AppOptions {
  config: Config;
  db: Db;
  jwtSecret: string;
  /** the built client (build/client for `npm start`, client/dist for development); when absent, only the API is served */
  clientDir?: string;
  logger?: boolean;
  /** the largest CSV upload; tests lower it */
  maxUploadBytes?: number;
  /** the realtime bus (by default PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else in-process) and heartbeat */
  realtime?: RealtimePluginOptions;
}

/** Builds the configured application without listening: the server listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.config.LOG_LEVEL },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  await app.register(securityHeaders, { mapTileUrl: options.config.VITE_MAP_TILE_URL });
  app.decorate('uploadLimitBytes', options.maxUploadBytes ?? MAX_UPLOAD_BYTES);
  await app.register(errorsPlugin);
  await app.register(auditPlugin);
  await app.register(retention);
  await app.register(authPlugin, { secret: options.jwtSecret });
  app.addHook('onRoute', requireResponseSchema);
  await app.register(realtimePlugin, options.realtime ?? {});
  await app.register(pdfPlugin, { chromiumPath: options.config.CHROMIUM_PATH });
  await app.register(multipart, { limits: { fileSize: app.uploadLimitBytes, files: 1 } });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(notificationRoutes);
      await api.register(geocodeRoutes);
      await api.register(userRoutes);
      await api.register(dashboardRoutes);
      await api.register(masterRoutes);
      await api.register(allocationRoutes);
      await api.register(driverAppRoutes);
      await api.register(deliveryRoutes);
      await api.register(driverTimeRoutes);
      await api.register(placesRoutes);
      await api.register(destinationShareRoutes);
      await api.register(driverShareRoutes);
      await api.register(reportRoutes);
      await api.register(systemRoutes);
      await api.register(auditLogRoutes);
    },
    { prefix: '/api' },
  );

  const clientDir = options.clientDir && existsSync(path.join(options.clientDir, 'index.html')) ? options.clientDir : undefined;
  if (clientDir) await app.register(fastifyStatic, clientFiles(clientDir));

  // Unknown API paths answer JSON; any other path is a page of the client, which shows its own 404.
  app.setNotFoundHandler((request, reply) => {
    const isPage = clientDir && request.method === 'GET' && !/^\/(api|assets)(\/|$)/.test(request.url);
    if (!isPage) {
      return reply.status(404).send({ message: request.t('errors.apiNotFound', { path: request.url.split('?')[0] }), code: 404 });
    }
    // The driver's screen is a build of its own under /driver/ (its service worker's scope).
    const pathname = request.url.split('?')[0]!;
    // Not returned: a reply is a thenable, and fastify would wait on it as on a promise.
    void reply.type('text/html').sendFile(pathname.startsWith('/driver/') ? 'driver/index.html' : 'index.html');
  });
  return app;
}

/**
 * Responses are allow-lists: an API route that declares no response schema does not start (a
 * column it selects would reach the client as it is). A websocket route answers no JSON.
 */
function requireResponseSchema(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.websocket || route.method === 'HEAD') return;
  if (!route.schema?.response) throw new Error(`${String(route.method)} ${route.url}: no response schema`);
}

/** Hashed build output: a new build writes new names, so a browser may keep these for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current assets: always fetched again, so a deploy is seen at once. */
const NEVER_CACHED = 'no-store';

/**
 * The built client: the `.br`/`.gz` twins written at build time are sent to browsers that accept
 * them. wildcard: files are looked up per request, so a rebuilt client is served without a restart.
 */
function clientFiles(clientDir: string): FastifyStaticOptions {
  const assets = `${path.sep}assets${path.sep}`;
  return {
    root: path.resolve(clientDir),
    wildcard: true,
    preCompressed: true,
    // /driver → /driver/: the driver's screen lives in its folder, the scope of its service worker.
    redirect: true,
    setHeaders: (reply, file) => {
      if (file.includes(assets)) reply.header('cache-control', IMMUTABLE);
      else if (/index\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', NEVER_CACHED);
    },
  };
}
