import { embeddedOf, listenUrlOf, type Db } from '../../db/index.js';
import { ListeningConnection, type ListeningOptions } from '../../db/listening-connection.js';
import { ACTOR_CHANNEL } from '../../db/migrations/2026-12-04-0015-actor-changes.js';
import type { Actor } from './actor.js';

/** How long a remembered actor is trusted at most, whatever is heard (a safety net, not the mechanism). */
export const ACTOR_TTL_MS = 60_000;
/** Tokens remembered at most; past it, everything is forgotten and remembered again as requests come. */
export const ACTOR_CACHE_MAX = 10_000;

/**
 * Who each token speaks for, remembered between requests so that a request needs no statement to
 * authenticate (docs/decisions/auth-and-scope.md, "The actor remembered"). Forgotten, all at once, whenever a write to
 * users, departments or revoked tokens commits (the trigger of migration 0015 notifies `haisha_actors`),
 * and after any request of this process that may have written. A lookup that ran while something was
 * forgotten is not remembered (it may have read the state before that write). Trusted only while its
 * notifications can arrive: on PostgreSQL, only while the listening connection is up, and a remembered
 * actor only after a round trip on it has brought every notification committed before the request.
 */
export class ActorCache {
  private entries = new Map<string, { actor: Actor; until: number }>();
  private generation = 0;

  /** Resolves once changes can be heard (PostgreSQL: the listening connection is up), with its backend pid there. */
  listening: () => Promise<number | undefined> = () => Promise.resolve(undefined);
  /**
   * Resolves once whatever was notified before the call has been heard (PostgreSQL: a round trip on the
   * listening connection), so that a change committed through another process is in force at the next
   * request here; embedded, notifications are heard as the write commits.
   */
  caughtUp: () => Promise<void> = () => Promise.resolve();

  constructor(
    private enabled: boolean,
    private readonly ttlMs = ACTOR_TTL_MS,
    private readonly max = ACTOR_CACHE_MAX,
  ) {}

  /** Whether what it remembers is used now. */
  get trusted() {
    return this.enabled;
  }

  /** The token's actor, remembered or found with `find` (and then remembered when nothing changed meanwhile). */
  async lookup(jti: string, find: () => Promise<Actor | undefined>, now = Date.now): Promise<Actor | undefined> {
    if (this.enabled && this.entries.has(jti)) await this.caughtUp().catch(() => {});
    const entry = this.enabled ? this.entries.get(jti) : undefined;
    if (entry && entry.until > now()) return entry.actor;
    const generation = this.generation;
    const actor = await find();
    if (actor && this.enabled && generation === this.generation) {
      if (this.entries.size >= this.max) this.entries.clear();
      // One object serves every request of the token: frozen, so that no request can change it for the others.
      this.entries.set(jti, { actor: Object.freeze(actor), until: now() + this.ttlMs });
    }
    return actor;
  }

  /** Something an actor is read from may have changed: forget everything, and whatever lookups are running. */
  forget() {
    this.generation++;
    this.entries.clear();
  }

  /** Whether notifications can arrive (PostgreSQL's listening connection is up); forgets either way. */
  trust(enabled: boolean) {
    this.enabled = enabled;
    this.forget();
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * The cache for `db`, listening on `haisha_actors`: through PGlite's own listener on the embedded
 * database (called as the writing transaction commits), or a dedicated PostgreSQL connection (trusted
 * only while it is up). `close` stops listening.
 */
export async function listeningActorCache(
  db: Db,
  log: ListeningOptions['log'],
): Promise<{ cache: ActorCache; close: () => Promise<void> }> {
  const pglite = embeddedOf(db);
  if (pglite) {
    const cache = new ActorCache(true);
    const unlisten = await pglite.listen(ACTOR_CHANNEL, () => cache.forget());
    return { cache, close: () => unlisten().catch(() => {}) };
  }
  const cache = new ActorCache(false);
  const connectionString = listenUrlOf(db);
  // A database opened some other way than createDb has no address to listen on: never trusted, every lookup reads.
  if (!connectionString) return { cache, close: () => Promise.resolve() };
  const connection = new ListeningConnection({
    connectionString,
    channels: [ACTOR_CHANNEL],
    name: 'actors',
    log,
    onNotification: () => cache.forget(),
    onListening: () => cache.trust(true),
    onLost: () => cache.trust(false),
  });
  cache.listening = () => connection.listening();
  cache.caughtUp = () => connection.caughtUp();
  connection.start();
  return { cache, close: () => connection.close() };
}
