import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { appWithClient, emptyDb, JWT_SECRET } from './helpers.js';

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
