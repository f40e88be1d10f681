import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { findActor, profileOf } from '../auth/actor.js';
import { loginLimits } from '../auth/login-limit.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { unauthorized } from '../errors.js';
import { revokeToken, signToken } from '../plugins/auth.js';

const LoginBody = Type.Object({
  login_id: Type.String({ minLength: 1, maxLength: 50 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

/** A hash of nothing anyone knows, verified for unknown login ids so they cost as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

/** Does the password open this account? Always one argon2id verification, whether the account exists or not. */
async function passwordMatches(hash: string | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(hash ?? (await unknownUserHash()), password);
  return matches && hash !== undefined;
}

export default async function authRoutes(app: FastifyInstance) {
  const limits = await loginLimits(app);

  app.post<{ Body: { login_id: string; password: string } }>(
    '/auth/login',
    { schema: { body: LoginBody }, config: { public: true }, preHandler: limits.admit },
    async (request) => {
      const { login_id, password } = request.body;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'token_version'])
        .where('login_id', '=', login_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const actor = (await passwordMatches(user?.password_hash, password)) && user ? await findActor(app.db, user.id) : undefined;
      // Same answer, after the same work, whether the login ID or the password was wrong.
      if (!user || !actor) {
        await limits.recordFailure(request);
        throw unauthorized('auth.invalidCredentials');
      }
      const access_token = signToken(app, 'user', user.id, user.token_version);
      return { access_token, user: await profileOf(app.db, actor) };
    },
  );

  app.get('/auth/profile', { config: { anyUser: true } }, async (request) => profileOf(app.db, request.actor));

  // The token is revoked on the server: a copy left in a browser or a log no longer opens anything.
  app.post('/auth/logout', { config: { anyUser: true } }, async (request) => {
    await revokeToken(app.db, request.user);
    return { ok: true };
  });
}
