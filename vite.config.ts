import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The server owns /api (REST and the notification websocket); the dev server only forwards it.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: true, ws: true },
};

/**
 * qs (used by Refine and simple-rest) keeps its cycle guard in `side-channel`, whose polyfill
 * chain (get-intrinsic, object-inspect, call-bind) weighs about 10 KB gzip on the login page;
 * the browser's own WeakMap and Map do the same job.
 */
const SIDE_CHANNEL_SHIM = fileURLToPath(new URL('./client/src/app/shims/side-channel.cjs', import.meta.url));

/** antd's style engine writes each style once per mount, not once per component (client/src/app/shims/dynamic-css.ts). */
const DYNAMIC_CSS_SHIM = fileURLToPath(new URL('./client/src/app/shims/dynamic-css.ts', import.meta.url));
// Only the bare name: the shim itself imports the original file by its `.js` name.
const DYNAMIC_CSS_ALIAS = { find: /^rc-util\/es\/Dom\/dynamicCSS$/, replacement: DYNAMIC_CSS_SHIM };

/**
 * CommonJS packages that Refine's devtools import for stack traces taken only in development:
 * they do not declare themselves free of side effects, so without this Rollup keeps them.
 */
const DEVELOPMENT_ONLY = /node_modules\/(error-stack-parser|stackframe)\//;

function developmentOnlyModules(): Plugin {
  return {
    name: 'development-only-modules',
    apply: 'build',
    transform: (_code, id) => (DEVELOPMENT_ONLY.test(id) ? { moduleSideEffects: false } : undefined),
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the strongest settings: done
 * once here, the server only picks the file the browser accepts (@fastify/static preCompressed).
 */
function precompress(skip?: string): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !(skip && file.startsWith(path.join(outDir, skip))));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_COMPRESS_BYTES) return;
          const quality = { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length };
          await writeFile(`${file}.br`, await brotli(content, { params: quality }));
          await writeFile(`${file}.gz`, await gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

const DRIVER_ROOT = fileURLToPath(new URL('./client/driver', import.meta.url));
const DRIVER_BASE = '/driver/';

/**
 * The driver's screen (/driver) is a build of its own, written to dist/driver after the admin screens':
 * the two share no chunk, so neither loads a byte of the other. It is installable: a web manifest and a
 * service worker (Workbox, through vite-plugin-pwa) that caches its shell, scoped to /driver/.
 */
function driverScreen(): Plugin {
  let outDir = '';
  const buildDriverScreen = async () => {
    await build({
      configFile: false,
      root: DRIVER_ROOT,
      base: DRIVER_BASE,
      envDir: fileURLToPath(new URL('.', import.meta.url)),
      logLevel: 'warn',
      resolve: { alias: [DYNAMIC_CSS_ALIAS] },
      plugins: [
        react(),
        VitePWA({
          registerType: 'autoUpdate',
          injectRegister: false,
          scope: DRIVER_BASE,
          manifest: {
            name: '配車管理 ドライバー',
            short_name: 'ドライバー',
            description: '配車管理システムのドライバー画面',
            lang: 'ja',
            start_url: DRIVER_BASE,
            scope: DRIVER_BASE,
            display: 'standalone',
            orientation: 'portrait',
            background_color: '#ffffff',
            theme_color: '#0038a8',
            icons: [
              { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
              { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
            ],
          },
          workbox: {
            // A new shell takes over at once, the first visit included: the page works offline from then on.
            clientsClaim: true,
            skipWaiting: true,
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            navigateFallback: `${DRIVER_BASE}index.html`,
            navigateFallbackAllowlist: [/^\/driver(\/|$)/],
            // The API is never answered from the cache: a report must reach the server or wait in the outbox.
            navigateFallbackDenylist: [/^\/api\//],
          },
        }),
        precompress(),
      ],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1000 },
    });
  };
  return {
    name: 'driver-screen',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir, 'driver');
    },
    // After the admin build's own hooks (its precompression walks the same folder).
    closeBundle: { sequential: true, order: 'post', handler: buildDriverScreen },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  // Build-time client settings (VITE_*, e.g. VITE_MAP_TILE_URL) come from the same .env as the server's.
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), developmentOnlyModules(), precompress('driver'), driverScreen()],
  resolve: {
    alias: [
      { find: 'side-channel', replacement: SIDE_CHANNEL_SHIM },
      DYNAMIC_CSS_ALIAS,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No manualChunks: Rollup splits by route, so each page loads only the antd parts it uses.
    // The entry (React, Refine, antd's core) is about 900 kB raw; the login page's budget is
    // held by tests/e2e/first-load.e2e.ts in gzip bytes, which is what users wait for.
    chunkSizeWarningLimit: 1000,
    commonjsOptions: { include: [/node_modules/, SIDE_CHANNEL_SHIM] },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
