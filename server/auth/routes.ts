import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findActor, profileOf } from './actor.js';
import { loginLimits } from './login-limit.js';
import { passwordMatches } from './password.js';
import { unauthorized } from '../errors.js';
import { revokeToken, signToken } from '../plugins/auth.js';
import { loginLabels, loginSchema, logoutSchema, profileSchema } from './schemas.js';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = await loginLimits(app, 'user');

  app.post(
    '/auth/login',
    { schema: loginSchema, config: { public: true, labels: loginLabels }, preHandler: limits.admit },
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

  app.get('/auth/profile', { schema: profileSchema, config: { anyUser: true } }, async (request) => profileOf(app.db, request.actor));

  // The token is revoked on the server: a copy left in a browser or a log no longer opens anything.
  app.post('/auth/logout', { schema: logoutSchema, config: { anyUser: true } }, async (request) => {
    await revokeToken(app.db, request.user);
    return { ok: true };
  });
};

export default authRoutes;
