import t from 'tap';
import { createSigner } from 'fast-jwt';
import { hashPassword, usePasswordCost } from '../../server/auth/password.js';
import { demoApp, JWT_SECRET, login, signedIn, csvUpload, departmentId } from './helpers.js';
import { randomUUID } from 'node:crypto';
import { mock } from 'node:test';

// One application for the tests that leave the demo accounts as they are.
const { app } = await demoApp(t);

t.test('login answers a token valid for 7 days and the profile', async (t) => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'carrier', password: 'demo1234' } });
  t.equal(response.statusCode, 200);
  const { access_token, user } = response.json();
  const payload = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  t.equal(payload.exp - payload.iat, 7 * 24 * 3600, 'exp is 7 days after issue');
  t.match(user, { login_id: 'carrier', type: 2, level: 5, roles: [], delivery_company: { name: '東都運輸株式会社' }, department: null });
  t.notOk('password' in user || 'password_hash' in user, 'no password in the profile');
});

t.test('a wrong login ID and a wrong password get the same localised 401', async (t) => {
  const wrongPassword = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'super', password: 'nope' } });
  const wrongUser = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'nobody', password: 'demo1234' } });
  t.equal(wrongPassword.statusCode, 401);
  t.same(wrongPassword.json(), wrongUser.json());
  t.equal(wrongPassword.json().message, 'ログインIDまたはパスワードが正しくありません。');
  const english = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'accept-language': 'en-US,en;q=0.9' },
    payload: { login_id: 'super', password: 'nope' },
  });
  t.equal(english.json().message, 'The login ID or password is incorrect.');
});

t.test('the profile of the super admin carries the super_admin role', async (t) => {
  const api = await signedIn(app, 'super');
  const profile = (await api({ method: 'GET', url: '/api/auth/profile' })).json();
  t.match(profile, { login_id: 'super', type: 1, level: 1, roles: [{ name: 'super_admin' }], department: { code: 'HQ' } });
  t.equal((await api({ method: 'POST', url: '/api/auth/logout' })).statusCode, 200);
});

t.test('API routes refuse missing, malformed and expired tokens with 401', async (t) => {
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode, 401);
  t.equal((await app.inject({ method: 'GET', url: '/api/department', headers: { authorization: 'Bearer nonsense' } })).statusCode, 401);
  const user = await app.db.selectFrom('users').select(['id', 'token_version']).where('login_id', '=', 'super').executeTakeFirstOrThrow();
  const sign = createSigner({ key: JWT_SECRET });
  const expired = sign({ sub: String(user.id), tv: user.token_version, iat: 1_000_000, exp: 1_000_100 });
  const response = await app.inject({ method: 'GET', url: '/api/department', headers: { authorization: `Bearer ${expired}` } });
  t.equal(response.statusCode, 401);
  t.same(Object.keys(response.json()).sort(), ['code', 'message']);
  // A valid token counts only as `Bearer <token>` (the scheme in any case), nothing before or after.
  const token = await login(app, 'super');
  const asHeader = async (authorization: string) => (await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization } })).statusCode;
  t.same(
    await Promise.all([`Bearer ${token}`, `bearer ${token}`, token, `Basic ${token}`, `Bearer ${token} x`, `Bearer  ${token}`, 'Bearer '].map(asHeader)),
    [200, 200, 401, 401, 401, 401, 401],
  );
});

t.test('a token accepted before it expires is refused after: verified tokens are kept no longer than their expiry', async (t) => {
  const user = await app.db.selectFrom('users').select(['id', 'token_version']).where('login_id', '=', 'super').executeTakeFirstOrThrow();
  // The clock (Date: what the token's verification reads) is moved past the expiry, not waited out.
  mock.timers.enable({ apis: ['Date'], now: Date.now() });
  t.teardown(() => mock.timers.reset());
  const exp = Math.ceil(Date.now() / 1000) + 1;
  const token = createSigner({ key: JWT_SECRET })({ sub: String(user.id), tv: user.token_version, typ: 'user', jti: randomUUID(), exp });
  const status = async () => (await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;
  t.equal(await status(), 200, 'valid until its exp');
  mock.timers.tick(exp * 1000 - Date.now() + 50);
  t.equal(await status(), 401, 'refused once expired, though verified a moment before');
});

t.test('a token stops working when its user is deleted or changes password', async (t) => {
  // An application of its own: it deletes one demo account and changes another's password.
  const { app, db } = await demoApp(t);
  const hqToken = await login(app, 'hq');
  const centerToken = await login(app, 'center');
  const profile = (token: string) => app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  t.equal((await profile(hqToken)).statusCode, 200);

  // Written straight to the database, as another process would: refused at the next request.
  await db.updateTable('users').set({ deleted_at: new Date() }).where('login_id', '=', 'hq').execute();
  t.equal((await profile(hqToken)).statusCode, 401, 'deleted user');

  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: 'x', token_version: eb('token_version', '+', 1) }))
    .where('login_id', '=', 'center')
    .execute();
  t.equal((await profile(centerToken)).statusCode, 401, 'password changed');
  await db.updateTable('users').set({ password_hash: await hashPassword('new-pass-1') }).where('login_id', '=', 'center').execute();
  t.equal((await profile(await login(app, 'center', 'new-pass-1'))).statusCode, 200, 'a new sign-in works');
});

t.test('unknown API paths answer a JSON 404', async (t) => {
  const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
  t.equal(response.statusCode, 404);
  t.match(response.json(), { code: 404, message: /no-such-thing/ });
});

// Tokens: their claims, logout's revocation, 401 and 403 before validation, security headers.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test("Tokens: their claims, logout's revocation, 401 and 403 before validation, security headers", async (t) => {
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
      t.match(csp, /img-src 'self' data: blob: https:\/\/cyberjapandata\.gsi\.go\.jp(;|$)/, `${url}: the default map tiles (GSI)`);
      t.equal(response.headers['x-content-type-options'], 'nosniff', url);
      t.equal(response.headers['x-frame-options'], 'SAMEORIGIN', url);
    }
    const notFound = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    t.equal(notFound.statusCode, 404, 'unknown API paths stay a JSON 404');
    t.match(notFound.json(), { code: 404 });
  });
});

// Login rate limit: per login ID and per address, 429 with Retry-After.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test('Login rate limit: per login ID and per address, 429 with Retry-After', async (t) => {
  // Small limits so that the test reaches them: 3 failures per login id, 8 attempts per address.
  const { app, db } = await demoApp(t, { LOGIN_MAX_FAILURES_PER_ID: '3', LOGIN_MAX_PER_ADDRESS: '8', LOGIN_WINDOW_MINUTES: '15' });

  const attempt = (login_id: string, password: string, remoteAddress: string, language = 'ja') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'accept-language': language },
      payload: { login_id, password },
    });

  t.test('a login id is locked after its failures, from any address, with Retry-After', async (t) => {
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      t.equal((await attempt('center', 'wrong', address)).statusCode, 401);
    }
    const locked = await attempt('center', 'demo1234', '10.0.0.4');
    t.equal(locked.statusCode, 429, 'even the right password waits: the guesser cannot tell');
    t.ok(Number(locked.headers['retry-after']) > 0 && Number(locked.headers['retry-after']) <= 15 * 60);
    t.equal(locked.json().message, 'ログインの試行回数が多すぎます。約15分後に再度お試しください。');
    const english = await attempt('center', 'demo1234', '10.0.0.4', 'en');
    t.equal(english.json().message, 'Too many login attempts. Please try again in about 15 min.');
    t.equal((await attempt('hq', 'demo1234', '10.0.0.4')).statusCode, 200, 'other ids are not locked');
  });

  t.test('successful sign-ins do not count against the login id', async (t) => {
    for (let i = 0; i < 5; i++) t.equal((await attempt('branch', 'demo1234', `10.1.0.${i}`)).statusCode, 200);
  });

  t.test('an address is limited across login ids', async (t) => {
    const address = '10.2.0.1';
    for (let i = 0; i < 8; i++) t.equal((await attempt(`nobody-${i}`, 'guess', address)).statusCode, 401);
    const limited = await attempt('carrier', 'demo1234', address);
    t.equal(limited.statusCode, 429);
    t.ok(Number(limited.headers['retry-after']) > 0);
    t.equal((await attempt('carrier', 'demo1234', '10.2.0.2')).statusCode, 200, 'another address signs in');
  });

  t.test('an unknown login id costs the same argon2id work as a wrong password', async (t) => {
    // At the application's own cost (the suite hashes at the lowest, where argon2 no longer dominates a
    // sign-in): the known accounts get such a hash, and so does the unknown-account check.
    usePasswordCost('recommended');
    t.teardown(() => usePasswordCost('minimal'));
    await db.updateTable('users').set({ password_hash: await hashPassword('demo1234') }).where('login_id', 'in', ['super', 'hq', 'carrier']).execute();
    const timeOf = async (loginId: string, address: string) => {
      const started = process.hrtime.bigint();
      t.equal((await attempt(loginId, 'wrong-password', address)).statusCode, 401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    await timeOf('ghost-warmup', '10.3.0.1');
    const unknown: number[] = [];
    const known: number[] = [];
    // Alternate, so that load on the machine hits both kinds alike; the median resists one slow run.
    // (center is locked by the first test: a 429 would answer without any work.)
    // Three of each: a sign-in without the verification takes a twentieth of one with it.
    for (let i = 0; i < 3; i++) {
      unknown.push(await timeOf(`ghost-${i}`, `10.3.1.${i}`));
      known.push(await timeOf(['super', 'hq', 'carrier'][i]!, `10.3.2.${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    t.ok(median(unknown) > median(known) * 0.5, `unknown ${median(unknown).toFixed(1)} ms vs wrong password ${median(known).toFixed(1)} ms`);
  });
});

// Accounts: users in scope, super admins protected, no login-ID oracle.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test('Accounts: users in scope, super admins protected, no login-ID oracle', async (t) => {
  // One application for the file; each test creates the users it changes.
  const { app, db } = await demoApp(t);
  const as = {
    super: await signedIn(app, 'super'),
    hq: await signedIn(app, 'hq'),
    branch: await signedIn(app, 'branch'),
    center: await signedIn(app, 'center'),
    carrier: await signedIn(app, 'carrier'),
  };

  const userId = async (loginId: string) =>
    (await db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow()).id;
  const companyId = async (code: string) =>
    (await db.selectFrom('delivery_companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  const newUser = (login_id: string, place: { department_id?: number; delivery_company_id?: number }, type = 2) => ({
    name: `利用者 ${login_id}`,
    login_id,
    password: 'secret-pass-1',
    type,
    department_id: place.department_id ?? null,
    delivery_company_id: place.delivery_company_id ?? null,
  });

  t.test('only a super admin deletes, edits or reallocates a super admin', async (t) => {
    const hq = await departmentId(db, 'HQ');
    const created = await as.super({ method: 'POST', url: '/api/user', payload: newUser('super-two', { department_id: hq }, 1) });
    t.equal(created.statusCode, 201);
    const superTwo = created.json().id as number;
    const superOne = await userId('super');

    const deleted = await as.hq({ method: 'DELETE', url: `/api/user/${superTwo}` });
    t.equal(deleted.statusCode, 403);
    t.equal(deleted.json().message, 'スーパー管理者の削除・変更・車両割当はスーパー管理者のみ行えます。');
    const center = await userId('center');
    const bulk = await as.hq({ method: 'POST', url: '/api/user/delete', payload: { ids: [center, superTwo] } });
    t.equal(bulk.statusCode, 403, 'a bulk delete holding a super admin deletes nobody');
    const live = await db.selectFrom('users').select('id').where('id', 'in', [center, superTwo]).where('deleted_at', 'is', null).execute();
    t.equal(live.length, 2);

    const edited = await as.hq({ method: 'PATCH', url: `/api/user/${superOne}`, payload: { name: '乗っ取り' } });
    t.equal(edited.statusCode, 400);
    t.equal(edited.json().errors.type, 'スーパー管理者の削除・変更・車両割当はスーパー管理者のみ行えます。');
    const allocation = await as.hq({ method: 'PUT', url: `/api/user/${superOne}/vehicle_allocation`, payload: { vehicle_ids: [] } });
    t.equal(allocation.statusCode, 403);
    const english = await as.hq({ method: 'DELETE', url: `/api/user/${superTwo}`, headers: { 'accept-language': 'en' } });
    t.equal(english.json().message, 'Only a super admin can delete or change a super admin or their vehicle allocation.');

    const stored = await db.selectFrom('users').select(['name', 'deleted_at']).where('id', '=', superOne).executeTakeFirstOrThrow();
    t.equal(stored.name, '山田 太郎', 'the super admin is unchanged');

    t.equal((await as.super({ method: 'PUT', url: `/api/user/${superTwo}/vehicle_allocation`, payload: { vehicle_ids: [] } })).statusCode, 200);
    t.equal((await as.super({ method: 'PATCH', url: `/api/user/${superTwo}`, payload: { name: '副管理者' } })).statusCode, 200);
    t.equal((await as.super({ method: 'DELETE', url: `/api/user/${superTwo}` })).statusCode, 200, 'a super admin deletes another');
    t.equal((await as.super({ method: 'DELETE', url: `/api/user/${superOne}` })).statusCode, 409, 'but not themselves');
  });

  t.test("a user is created in, or moved to, only a place inside the creator's scope", async (t) => {
    const branch = await departmentId(db, 'BR-TOKYO');
    const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
    const branchCarrier = await as.super({
      method: 'POST',
      url: '/api/delivery_company',
      payload: { code: 'DC-BRANCH', name: '支店契約運送株式会社', department_id: branch },
    });
    t.equal(branchCarrier.statusCode, 201);
    const aboveCenter = branchCarrier.json().id as number;
    const toto = await companyId('DC-TOTO');
    const wangan = await companyId('DC-WANGAN');

    const refused = await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-above', { delivery_company_id: aboveCenter }) });
    t.equal(refused.statusCode, 400, "a center does not create users in its branch's carrier");
    t.ok(refused.json().errors.delivery_company_id);
    t.equal((await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-up', { department_id: branch }) })).statusCode, 400);
    const own = await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-own', { delivery_company_id: toto }) });
    t.equal(own.statusCode, 201, 'a carrier contracted at the center is fine');
    const moved = await as.center({ method: 'PATCH', url: `/api/user/${own.json().id}`, payload: { delivery_company_id: aboveCenter } });
    t.equal(moved.statusCode, 400, 'nor moves one there');
    const movedUp = await as.center({
      method: 'PATCH',
      url: `/api/user/${own.json().id}`,
      payload: { delivery_company_id: null, department_id: branch },
    });
    t.equal(movedUp.statusCode, 400);
    t.equal((await as.center({ method: 'PATCH', url: `/api/user/${own.json().id}`, payload: { delivery_company_id: null, department_id: shinagawa } })).statusCode, 200);

    const carrierElsewhere = await as.carrier({ method: 'POST', url: '/api/user', payload: newUser('toto-elsewhere', { delivery_company_id: wangan }) });
    t.equal(carrierElsewhere.statusCode, 400, 'a carrier creates users only in its own company');
    t.equal((await as.hq({ method: 'POST', url: '/api/user', payload: newUser('hq-branch-carrier', { delivery_company_id: aboveCenter }) })).statusCode, 201);
  });

  t.test('a taken login id is "not available", whoever holds it, live or deleted', async (t) => {
    const wangan = await companyId('DC-WANGAN');
    const yokohama = await departmentId(db, 'CT-YOKOHAMA');
    const gone = await as.super({ method: 'POST', url: '/api/user', payload: newUser('wangan-gone', { delivery_company_id: wangan }) });
    t.equal((await as.super({ method: 'DELETE', url: `/api/user/${gone.json().id}` })).statusCode, 200);
    t.equal((await as.super({ method: 'POST', url: '/api/user', payload: newUser('yokohama-live', { department_id: yokohama }) })).statusCode, 201);

    const toto = await companyId('DC-TOTO');
    const answers = [];
    for (const loginId of ['yokohama-live', 'wangan-gone', 'carrier']) {
      const response = await as.carrier({ method: 'POST', url: '/api/user', payload: newUser(loginId, { delivery_company_id: toto }) });
      t.equal(response.statusCode, 409, loginId);
      answers.push(response.json());
    }
    t.equal(answers[0].errors.login_id, 'このログインIDは使用できません。別のログインIDを入力してください。');
    t.same(answers[1], answers[0], 'a deleted holder looks the same as a live one elsewhere');
    t.same(answers[2], answers[0], 'and the same as a holder in the own company');
    t.notMatch(JSON.stringify(answers[0]), /湾岸|横浜|非表示|CSV/, 'nothing says where the id is used');

    const csv = 'login_id,name,password,type,delivery_company_code\nyokohama-live,別会社,secret-pass-1,2,DC-TOTO\n';
    const imported = await as.carrier({ method: 'POST', url: '/api/user/check_file_import', ...csvUpload(csv) });
    t.equal(imported.json().errors[0]?.message, answers[0].errors.login_id, 'a CSV row learns no more');
  });

  t.test("a planner's vehicle allocation is read under the user area's permission", async (t) => {
    const center = await userId('center');
    const own = await as.center({ method: 'GET', url: '/api/user/vehicle_allocation' });
    t.equal(own.statusCode, 200);
    t.ok(own.json().length > 0, "the center planner's vehicles");
    t.equal((await as.hq({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` })).statusCode, 200);
    const staff = await as.branch({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` });
    t.equal(staff.statusCode, 403, 'allocation staff do not enter the user area');
    t.equal((await as.carrier({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` })).statusCode, 404, 'outside the scope');
  });

  t.test('a carrier reads vehicle types to register its vehicles, and changes none', async (t) => {
    const list = await as.carrier({ method: 'GET', url: '/api/vehicle_type' });
    t.equal(list.statusCode, 200);
    t.ok(list.json().some((type: { code: string }) => type.code === 'VT-2T'));
    const id = list.json()[0].id as number;
    t.equal((await as.carrier({ method: 'GET', url: `/api/vehicle_type/${id}` })).statusCode, 200);
    t.equal((await as.carrier({ method: 'POST', url: '/api/vehicle_type', payload: { code: 'VT-X', name: 'x' } })).statusCode, 403);
    t.equal((await as.carrier({ method: 'PATCH', url: `/api/vehicle_type/${id}`, payload: { name: 'x' } })).statusCode, 403);
    t.equal((await as.carrier({ method: 'DELETE', url: `/api/vehicle_type/${id}` })).statusCode, 403);
    t.equal((await as.carrier({ method: 'GET', url: '/api/vehicle_type/import_template' })).statusCode, 403);
  });
});
