import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { Type } from 'typebox';
import { buildApp } from '../../server/app.js';
import { compiledOnce, contentKey } from '../../server/http/compiled.js';
import { Nullable, Timestamp } from '../../server/http/schemas.js';
import { serializable, serializerCompiler } from '../../server/http/serializer.js';
import { loadConfig } from '../../server/config.js';
import { appWithClient, emptyDb, JWT_SECRET } from './helpers.js';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

t.test('page paths serve the client; API paths never do', async (t) => {
  const { app, clientDir } = await appWithClient(t);
  for (const url of ['/', '/departments', '/no/such/page']) {
    const page = await app.inject({ method: 'GET', url });
    t.equal(page.statusCode, 200, url);
    t.match(page.headers['content-type'], /text\/html/);
    t.match(page.body, /配車管理システム/);
  }
  writeFileSync(path.join(clientDir, 'late.js'), 'export {}');
  t.equal((await app.inject({ method: 'GET', url: '/late.js' })).statusCode, 200, 'a file added after start is served');
  const missingChunk = await app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
  t.equal(missingChunk.statusCode, 404, 'a missing chunk is a 404, not the page, so the client can reload');
  const api = await app.inject({ method: 'GET', url: '/api/unknown' });
  t.equal(api.statusCode, 404);
  t.match(api.headers['content-type'], /application\/json/);
});

t.test('a route that declares no permission cannot be registered', async (t) => {
  const db = await emptyDb(t);
  const app = await buildApp({ config: loadConfig({}), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(() => app.close());
  t.throws(() => app.get('/api/leaky', async () => 'secret'), /declares no permission/);
});

t.test('an API route that declares no response schema cannot be registered (responses are allow-lists)', async (t) => {
  const db = await emptyDb(t);
  const app = await buildApp({ config: loadConfig({}), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(() => app.close());
  t.throws(() => app.get('/api/unlisted', { config: { anyUser: true } }, async () => ({ password_hash: 'x' })), /GET \/api\/unlisted: no response schema/);
  t.doesNotThrow(() => app.get('/api/listed', { config: { anyUser: true }, schema: { response: { 200: { type: 'object', properties: {} } } } }, async () => ({})));
});

t.test("the content security policy lets in the configured map tiles' host, or none", async (t) => {
  const db = await emptyDb(t);
  const imgSrc = async (tiles: string) => {
    const app = await buildApp({ config: loadConfig({ VITE_MAP_TILE_URL: tiles }), db, jwtSecret: JWT_SECRET, logger: false });
    t.teardown(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    return /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
  };
  t.equal(await imgSrc('https://{s}.tiles.example.org/{z}/{x}/{y}.png'), "'self' data: blob: https://*.tiles.example.org");
  t.equal(await imgSrc('none'), "'self' data: blob:");
});

t.test('schemas are compiled once per content; a schema with a function is compiled on its own', async (t) => {
  const compiled: object[] = [];
  const compile = compiledOnce((schema: object) => {
    compiled.push(schema);
    return { schema };
  });
  const integer = () => Type.Object({ id: Type.Integer({ minimum: 1 }) });
  const first = compile(integer());
  t.equal(compile(integer()), first, 'an equal schema built again gets the same compiled form');
  t.not(compile(Type.Object({ id: Type.Integer({ minimum: 0 }) })), first, 'a different bound is compiled apart');
  t.not(compile(Type.Unsafe<number>(Type.Object({ id: Type.Integer({ minimum: 1 }) }))), first, "TypeBox's hidden keys (here ~unsafe) are part of the content");
  const refined = Type.Refine(integer(), (value) => value.id % 2 === 0);
  t.equal(contentKey(refined), undefined, 'a refinement is a function: no content key');
  t.not(compile(refined), first);
  t.equal(compiled.length, 4);
});

t.test('a nullable value is written as null or as its type, without choosing among options, and stays an allow-list', async (t) => {
  const Row = Type.Object({
    id: Type.Integer(),
    name: Nullable(Type.String()),
    weight: Nullable(Type.Number()),
    updated_at: Nullable(Timestamp),
    company: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
    tags: Type.Array(Nullable(Type.String())),
    status: Nullable(Type.Union([Type.Literal(0), Type.Literal(1)])),
  });
  const rewritten = serializable(Type.Array(Row)) as { items: { properties: Record<string, object> } };
  const { status, ...plain } = rewritten.items.properties;
  t.notMatch(JSON.stringify(plain), /anyOf|"type":"null"/, 'no value of one type chooses between its type and null');
  t.match(JSON.stringify(status), /^\{"anyOf":\[\{"anyOf":/, 'a choice among several values is kept as it is');
  const write = serializerCompiler({ schema: Type.Array(Row), method: 'GET', url: '/', httpStatus: '200' });
  const when = new Date('2026-12-02T04:05:06.000Z');
  const rows = [
    { id: 1, name: '品川センター', weight: 12.5, updated_at: when, company: { id: 3, name: '東京配送', password_hash: 'x' }, tags: ['a', null], status: 1, secret: 's' },
    { id: 2, name: null, weight: null, updated_at: null, company: null, tags: [], status: null },
  ];
  t.same(JSON.parse(write(rows)), [
    { id: 1, name: '品川センター', weight: 12.5, updated_at: '2026-12-02T04:05:06.000Z', company: { id: 3, name: '東京配送' }, tags: ['a', null], status: 1 },
    { id: 2, name: null, weight: null, updated_at: null, company: null, tags: [], status: null },
  ]);
});

// Static files: the built client as the server sends it.
// (A block of its own: its names and its application stay apart from the tests above.)
{
  /** The built client as the server sends it: precompressed twins, hashed assets kept for good. */
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
}
