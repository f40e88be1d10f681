import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tileSource } from '../../common/map-tiles.js';

/**
 * Security headers on every response (API, pages, errors). The content security policy allows only
 * this origin's scripts; styles may be inline because antd writes its CSS-in-JS into <style> tags.
 * Images come from this origin and from the map tiles' host (`VITE_MAP_TILE_URL`, GSI by default).
 */
export default fp(async function securityHeaders(app: FastifyInstance, options: { mapTileUrl?: string }) {
  const tiles = tileSource(options.mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Often served over plain http inside a company network: HSTS (and upgrade-insecure-requests, left
    // out above) belong to the proxy that terminates TLS, which knows the host names it covers.
    strictTransportSecurity: false,
  });
});
