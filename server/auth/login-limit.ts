import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Counters kept in memory: enough for one process; several processes each count their own. */
const TRACKED_KEYS = 50_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Awaited<ReturnType<Limiter>>;

const loginIdOf = (request: FastifyRequest) => String((request.body as { login_id?: unknown }).login_id);

/**
 * Sign-in limits against password guessing (`LOGIN_*` in config.ts):
 * - per login id, the failed attempts: a few wrong passwords lock that id for the window, whoever tries;
 * - per address, every attempt, generously: an office behind one address signs in many people.
 * Successful sign-ins do not count against the id, so a user's own routine never locks them out.
 */
export async function loginLimits(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, cache: TRACKED_KEYS });
  const timeWindow = app.config.LOGIN_WINDOW_MINUTES * 60_000;
  const perAddress = app.createRateLimit({ max: app.config.LOGIN_MAX_PER_ADDRESS, timeWindow });
  const failuresPerId = app.createRateLimit({
    max: app.config.LOGIN_MAX_FAILURES_PER_ID,
    timeWindow,
    keyGenerator: loginIdOf,
  });

  return {
    /** Refuses the attempt when either limit is reached; counts it against the address. */
    async admit(request: FastifyRequest, reply: FastifyReply) {
      refuseWhenSpent(reply, await perAddress(request), 'exceeded');
      refuseWhenSpent(reply, await failuresPerId(request, { increment: false }), 'reached');
    },
    async recordFailure(request: FastifyRequest) {
      await failuresPerId(request);
    },
  };
}

/** A 429 with Retry-After: `exceeded` after counting this attempt, `reached` when only peeking. */
function refuseWhenSpent(reply: FastifyReply, outcome: Outcome, when: 'exceeded' | 'reached') {
  if (outcome.isAllowed) return;
  const spent = when === 'exceeded' ? outcome.isExceeded : outcome.remaining === 0;
  if (!spent) return;
  const seconds = Math.max(1, outcome.ttlInSeconds);
  reply.header('retry-after', seconds);
  throw new AppError(429, 'auth.tooManyAttempts', { minutes: Math.ceil(seconds / 60) });
}
