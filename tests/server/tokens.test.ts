import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createSigner } from 'fast-jwt';
import { demoApp, JWT_SECRET, login } from './helpers.js';

// One application for the file: every test signs in afresh and touches only its own tokens.
const { app, db } = await demoApp(t);

const profileWith = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

async function claimsOf(loginId: string) {
  const user = await db.selectFrom('users').select(['id', 'token_version']).where('login_id', '=', loginId).executeTakeFirstOrThrow();
  return { sub: String(user.id), tv: user.token_version, jti: randomUUID() };
}

t.test('a token names its type, its own id and HS256', async (t) => {
  const token = await login(app, 'center');
  const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  t.equal(header.alg, 'HS256');
  t.equal(payload.typ, 'user');
  t.match(payload.jti, /^[0-9a-f-]{36}$/);
  t.not(payload.jti, JSON.parse(Buffer.from((await login(app, 'center')).split('.')[1]!, 'base64url').toString()).jti, 'one id per token');
});

t.test('logout revokes that token on the server, and only that one', async (t) => {
  const token = await login(app, 'hq');
  const other = await login(app, 'hq');
  t.equal((await profileWith(token)).statusCode, 200);
  const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
  t.equal(logout.statusCode, 200);
  const after = await profileWith(token);
  t.equal(after.statusCode, 401, 'the logged-out token is refused');
  t.equal(after.json().message, 'ログインが必要です。');
  t.equal((await app.inject({ method: 'GET', url: '/api/department', headers: { authorization: `Bearer ${token}` } })).statusCode, 401);
  t.equal((await profileWith(other)).statusCode, 200, 'the same user signed in elsewhere stays signed in');
});

t.test('logout prunes revocations of tokens that have expired anyway', async (t) => {
  const { sub } = await claimsOf('branch');
  const stale = randomUUID();
  await db.insertInto('revoked_tokens').values({ jti: stale, user_id: Number(sub), expires_at: new Date(Date.now() - 1000) }).execute();
  const token = await login(app, 'branch');
  await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
  const left = await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', stale).executeTakeFirst();
  t.equal(left, undefined);
});

t.test('a hand-made token opens the API only as a user token signed with HS256', async (t) => {
  const claims = await claimsOf('super');
  const hs256 = createSigner({ key: JWT_SECRET, algorithm: 'HS256', expiresIn: 60_000 });
  t.equal((await profileWith(hs256({ ...claims, typ: 'user' }))).statusCode, 200, 'the genuine shape works');
  t.equal((await profileWith(hs256({ ...claims, typ: 'driver' }))).statusCode, 401, 'a driver token is not a user token');
  t.equal((await profileWith(hs256({ sub: claims.sub, tv: claims.tv, jti: claims.jti }))).statusCode, 401, 'no type');
  t.equal((await profileWith(hs256({ ...claims, typ: 'user', jti: undefined }))).statusCode, 401, 'no token id');
  const hs512 = createSigner({ key: JWT_SECRET, algorithm: 'HS512', expiresIn: 60_000 });
  t.equal((await profileWith(hs512({ ...claims, typ: 'user' }))).statusCode, 401, 'another algorithm, same secret');
  const unsigned = createSigner({ algorithm: 'none' });
  t.equal((await profileWith(unsigned({ ...claims, typ: 'user' }))).statusCode, 401, 'alg none');
});

t.test('without a token a protected route answers 401 before looking at the request', async (t) => {
  const malformedJson = await app.inject({
    method: 'POST',
    url: '/api/department',
    headers: { 'content-type': 'application/json' },
    payload: '{"code": ',
  });
  t.equal(malformedJson.statusCode, 401);
  const badParams = await app.inject({ method: 'PUT', url: '/api/department/abc', payload: { name: ['x'] } });
  t.equal(badParams.statusCode, 401);
  const wrongMethod = await app.inject({ method: 'POST', url: '/api/user/1/vehicle_allocation', payload: { vehicle_ids: 'x' } });
  t.equal(wrongMethod.statusCode, 404, 'an unknown method and path stays a 404');
  const badAllocation = await app.inject({ method: 'PUT', url: '/api/user/1/vehicle_allocation', payload: { vehicle_ids: 'x' } });
  t.equal(badAllocation.statusCode, 401);
  t.equal(badAllocation.json().message, 'ログインが必要です。');
});

t.test('a role without the permission gets 403 before its body is validated', async (t) => {
  const branch = await login(app, 'branch');
  const headers = { authorization: `Bearer ${branch}` };
  const create = await app.inject({ method: 'POST', url: '/api/department', headers, payload: { code: ['x'], level: 'abc' } });
  t.equal(create.statusCode, 403, 'allocation staff do not create departments');
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/department',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{',
  });
  t.equal(malformed.statusCode, 403);
  const carrier = await login(app, 'carrier');
  const put = await app.inject({
    method: 'PUT',
    url: '/api/department/abc',
    headers: { authorization: `Bearer ${carrier}` },
    payload: { level: 'x' },
  });
  t.equal(put.statusCode, 403, 'a carrier does not enter departments');
});

t.test('every response carries the security headers, with a content security policy', async (t) => {
  for (const url of ['/api/auth/profile', '/api/no-such-thing']) {
    const response = await app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    t.match(csp, /default-src 'self'/, url);
    t.match(csp, /script-src 'self'(;|$)/, `${url}: no inline or foreign scripts`);
    t.match(csp, /frame-ancestors 'none'/, url);
    t.equal(response.headers['x-content-type-options'], 'nosniff', url);
    t.equal(response.headers['x-frame-options'], 'SAMEORIGIN', url);
  }
  const notFound = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
  t.equal(notFound.statusCode, 404, 'unknown API paths stay a JSON 404');
  t.match(notFound.json(), { code: 404 });
});
