import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { findActor, profileOf } from '../auth/actor.js';
import { verifyPassword } from '../auth/password.js';
import { unauthorized } from '../errors.js';

const LoginBody = Type.Object({
  login_id: Type.String({ minLength: 1, maxLength: 50 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export default async function authRoutes(app: FastifyInstance) {
  app.post<{ Body: { login_id: string; password: string } }>(
    '/auth/login',
    { schema: { body: LoginBody }, config: { public: true } },
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

  app.get('/auth/profile', { config: { anyUser: true } }, async (request) => profileOf(app.db, request.actor));

  // Tokens are stateless: logging out is the client forgetting its token (and its cookies).
  app.post('/auth/logout', { config: { anyUser: true } }, async () => ({ ok: true }));
}
