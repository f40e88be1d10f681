import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findActor, profileOf } from '../auth/actor.js';
import { verifyPassword } from '../auth/password.js';
import { unauthorized } from '../errors.js';
import { loginLabels, loginSchema, logoutSchema, profileSchema } from './auth-schemas.js';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/login',
    { schema: loginSchema, config: { public: true, labels: loginLabels } },
    async (request) => {
      const { login_id, password } = request.body;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'token_version'])
        .where('login_id', '=', login_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      // Same answer whether the login ID or the password was wrong.
      if (!user || !(await verifyPassword(user.password_hash, password))) throw unauthorized('auth.invalidCredentials');
      const actor = await findActor(app.db, user.id);
      if (!actor) throw unauthorized('auth.invalidCredentials');
      const access_token = app.jwt.sign({ sub: String(user.id), tv: user.token_version });
      return { access_token, user: await profileOf(app.db, actor) };
    },
  );

  app.get('/auth/profile', { schema: profileSchema, config: { anyUser: true } }, async (request) => profileOf(app.db, request.actor));

  // Tokens are stateless: logging out is the client forgetting its token (and its cookies).
  app.post('/auth/logout', { schema: logoutSchema, config: { anyUser: true } }, async () => ({ ok: true }));
};

export default authRoutes;
