import t from 'tap';
import { demoApp } from './helpers.js';

// Small limits so that the test reaches them: 3 failures per login id, 8 attempts per address.
const { app } = await demoApp(t, { LOGIN_MAX_FAILURES_PER_ID: '3', LOGIN_MAX_PER_ADDRESS: '8', LOGIN_WINDOW_MINUTES: '15' });

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
  for (let i = 0; i < 5; i++) {
    unknown.push(await timeOf(`ghost-${i}`, `10.3.1.${i}`));
    known.push(await timeOf(['super', 'hq', 'carrier', 'branch', 'super'][i]!, `10.3.2.${i}`));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  t.ok(median(unknown) > median(known) * 0.5, `unknown ${median(unknown).toFixed(1)} ms vs wrong password ${median(known).toFixed(1)} ms`);
});
