import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import { type AttemptCount, countAttempt, readAttempts } from './login-attempts.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Awaited<ReturnType<Limiter>>;

/** Apart from the addresses (the library's own keys, an IPv6 network as one) by its prefix. */
const loginIdOf = (request: FastifyRequest) => `login-id:${String((request.body as { login_id?: unknown }).login_id)}`;

type Done = (error: Error | null, result?: AttemptCount) => void;

/**
 * @fastify/rate-limit's counters in the database every process shares (table login_attempts,
 * docs/decisions/auth-and-scope.md, "Sign-in limits shared by every process"), under `scope`.
 */
function sharedStore(db: Db, scope: string) {
  const answer = (counting: Promise<AttemptCount>, done: Done) => {
    counting.then((count) => done(null, count), done);
  };
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, done: Done, timeWindow: number) {
      answer(countAttempt(db, scope, key, timeWindow), done);
    }

    read(key: string, done: Done) {
      answer(readAttempts(db, scope, key), done);
    }

    child() {
      return this;
    }
  };
}

/**
 * Sign-in limits against password guessing (`LOGIN_*` in config.ts):
 * - per login id, the failed attempts: a few wrong passwords lock that id for the window, whoever tries;
 * - per address, every attempt, generously: an office behind one address signs in many people.
 * Successful sign-ins do not count against the id, so a user's own routine never locks them out.
 * Counted in the database under `scope` (the screens' sign-in or the driver app's), across processes.
 */
export async function loginLimits(app: FastifyInstance, scope: 'user' | 'driver') {
  await app.register(rateLimit, { global: false, store: sharedStore(app.db, scope) });
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
