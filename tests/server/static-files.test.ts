/** The built client as the server sends it: precompressed twins, hashed assets kept for good. */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import t from 'tap';
import { appWithClient } from './helpers.js';

const SCRIPT = `export const route = ${JSON.stringify('配車'.repeat(500))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function clientApp(t: { teardown: (fn: () => Promise<void>) => void }) {
  const script = 'assets/list-AbC123.js';
  const { app } = await appWithClient(t, {
    [script]: SCRIPT,
    [`${script}.br`]: brotliCompressSync(SCRIPT),
    [`${script}.gz`]: gzipSync(SCRIPT),
  });
  return app;
}

t.test('a hashed asset is sent in the encoding the browser accepts and cached for good', async (t) => {
  const app = await clientApp(t);
  const url = '/assets/list-AbC123.js';
  const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  t.equal(brotli.statusCode, 200);
  t.equal(brotli.headers['content-encoding'], 'br');
  t.match(brotli.headers['content-type'], /javascript/);
  t.equal(brotli.headers['cache-control'], IMMUTABLE);
  t.match(brotli.headers.vary, /accept-encoding/);
  t.equal(brotliDecompressSync(brotli.rawPayload).toString(), SCRIPT);

  const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  t.equal(gzip.headers['content-encoding'], 'gzip');
  t.equal(gzip.headers['cache-control'], IMMUTABLE);
  t.equal(gunzipSync(gzip.rawPayload).toString(), SCRIPT);

  const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  t.equal(plain.headers['content-encoding'], undefined);
  t.equal(plain.body, SCRIPT);
});

t.test('the page is never cached, whichever path serves it; a missing asset is not cached for good', async (t) => {
  const app = await clientApp(t);
  for (const url of ['/', '/index.html', '/login', '/departments/edit/3']) {
    const page = await app.inject({ method: 'GET', url });
    t.equal(page.statusCode, 200, url);
    t.equal(page.headers['cache-control'], 'no-store', url);
  }
  const missing = await app.inject({ method: 'GET', url: '/assets/list-Gone99.js', headers: { 'accept-encoding': 'br' } });
  t.equal(missing.statusCode, 404);
  t.notMatch(String(missing.headers['cache-control'] ?? ''), /immutable/);
});
