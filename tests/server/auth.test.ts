import t from 'tap';
import { createSigner } from 'fast-jwt';
import { hashPassword } from '../../server/auth/password.js';
import { demoApp, JWT_SECRET, login, signedIn } from './helpers.js';

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
});

t.test('a token stops working when its user is deleted or changes password', async (t) => {
  // An application of its own: it deletes one demo account and changes another's password.
  const { app, db } = await demoApp(t);
  const hqToken = await login(app, 'hq');
  const centerToken = await login(app, 'center');
  const profile = (token: string) => app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  t.equal((await profile(hqToken)).statusCode, 200);

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
