import type { RealtimeEvent } from '../../common/realtime.js';

/** What a connected socket is given: the event, and its JSON once for every socket that shows it. */
export type Listener = (event: RealtimeEvent, json: string) => void;

/**
 * The event bus between the writes and the sockets (docs/realtime.md). A write publishes events for
 * user ids after its transaction committed; every process delivers them to the sockets of those
 * users it holds. Events carry ids only: the screens refetch what they show.
 */
export interface RealtimeBus {
  /** Sends `event` to every socket of `userIds`, in whichever process holds them. */
  publish(userIds: readonly number[], event: RealtimeEvent): Promise<void>;
  /** Delivers this user's events to `listener` until the returned function is called. */
  subscribe(userId: number, listener: Listener): () => void;
  /** False when nobody anywhere can receive an event, so the write need not work out who would. */
  mayHaveSubscribers(): boolean;
  /** Resolves once every publish, from any process, reaches this process's subscribers. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The sockets this process holds, by user. */
export class LocalSubscribers {
  private readonly byUser = new Map<number, Set<Listener>>();

  get size() {
    return this.byUser.size;
  }

  add(userId: number, listener: Listener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  deliver(userIds: readonly number[], event: RealtimeEvent) {
    let json: string | undefined;
    for (const userId of new Set(userIds)) {
      const listeners = this.byUser.get(userId);
      if (!listeners) continue;
      json ??= JSON.stringify(event);
      for (const listener of listeners) listener(event, json);
    }
  }
}

/** One process on the embedded database: the sockets are all here, so publishing is delivering. */
export class InProcessBus implements RealtimeBus {
  private readonly local = new LocalSubscribers();

  async publish(userIds: readonly number[], event: RealtimeEvent) {
    this.local.deliver(userIds, event);
  }

  subscribe(userId: number, listener: Listener) {
    return this.local.add(userId, listener);
  }

  mayHaveSubscribers() {
    return this.local.size > 0;
  }

  async ready() {}

  async close() {}
}
