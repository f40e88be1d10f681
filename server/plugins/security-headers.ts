import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (API, pages, errors). The content security policy allows only
 * this origin's scripts; styles may be inline because antd writes its CSS-in-JS into <style> tags.
 * Map tiles, when maps arrive, add their host to img-src.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
