import { sql } from 'kysely';
import type { RealtimeEvent } from '../../common/realtime.js';
import type { Db } from '../../db/index.js';
import { ListeningConnection, type ListeningOptions } from '../../db/listening-connection.js';
import { type Listener, LocalSubscribers, type RealtimeBus } from './bus.js';

/** The one channel every server process listens on. */
export const CHANNEL = 'haisha_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay clear of it. */
export const MAX_PAYLOAD_BYTES = 7900;

/** One publish: the receiving user ids and the event (ids only). A payload is a JSON array of them. */
export type Message = [userIds: number[], event: RealtimeEvent];

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A message too large for one payload, as several smaller ones: its users halved, else its trip ids. */
function split([userIds, event]: Message): Message[] {
  if (userIds.length > 1) {
    const half = Math.ceil(userIds.length / 2);
    return [[userIds.slice(0, half), event], [userIds.slice(half), event]];
  }
  if (event.type === 'vehicle_allocation_changed' && event.ids.length > 1) {
    const half = Math.ceil(event.ids.length / 2);
    return [[userIds, { ...event, ids: event.ids.slice(0, half) }], [userIds, { ...event, ids: event.ids.slice(half) }]];
  }
  throw new Error(`a realtime message cannot be split below ${MAX_PAYLOAD_BYTES} bytes`);
}

/** The messages as NOTIFY payloads, each a JSON array of messages of at most `limit` bytes, in order. */
export function payloads(messages: readonly Message[], limit = MAX_PAYLOAD_BYTES): string[] {
  const out: string[] = [];
  let current: Message[] = [];
  // '[' and ']' plus a comma before every message after the first.
  let size = 2;
  const pending = [...messages];
  while (pending.length > 0) {
    const message = pending.shift()!;
    const length = bytes(message);
    if (length + 2 > limit) {
      pending.unshift(...split(message));
      continue;
    }
    const added = length + (current.length > 0 ? 1 : 0);
    if (size + added > limit) {
      out.push(JSON.stringify(current));
      current = [];
      size = 2;
      pending.unshift(message);
      continue;
    }
    current.push(message);
    size += added;
  }
  if (current.length > 0) out.push(JSON.stringify(current));
  return out;
}

/** The same database the application writes to, the log, and the reconnection's backoff. */
export type PostgresBusOptions = Pick<ListeningOptions, 'connectionString' | 'log' | 'retryMs' | 'maxRetryMs'>;

/**
 * Several server processes on one PostgreSQL database: a publish is a `NOTIFY` on `CHANNEL` (sent
 * through the application's pool, after the write committed), and each process keeps one dedicated
 * connection that `LISTEN`s and hands what arrives to the sockets it holds, its own publishes
 * included. The listening connection opens with the first socket and is reopened with backoff
 * whenever it is lost; events sent while it is down are not replayed (docs/realtime.md).
 */
export class PostgresBus implements RealtimeBus {
  private readonly local = new LocalSubscribers();
  private queue: Message[] = [];
  private flush?: Promise<void>;
  private readonly connection: ListeningConnection;

  constructor(
    private readonly db: Db,
    options: PostgresBusOptions,
  ) {
    this.connection = new ListeningConnection({ ...options, channels: [CHANNEL], name: 'realtime', onNotification: (_channel, payload) => this.receive(payload) });
  }

  /** Publishes of the same tick (one write's events) leave together, in as few payloads as fit. */
  publish(userIds: readonly number[], event: RealtimeEvent): Promise<void> {
    if (userIds.length === 0) return Promise.resolve();
    this.queue.push([[...userIds], event]);
    this.flush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const batch = this.queue;
      this.queue = [];
      this.flush = undefined;
      return this.notify(batch);
    });
    return this.flush;
  }

  private async notify(batch: Message[]) {
    const texts = payloads(batch);
    await sql`select pg_notify(${CHANNEL}, p) from unnest(${texts}::text[]) with ordinality as t(p, n) order by n`.execute(this.db);
  }

  subscribe(userId: number, listener: Listener) {
    this.connection.start();
    return this.local.add(userId, listener);
  }

  /** Other processes may hold sockets: always work out who should hear of a write. */
  mayHaveSubscribers() {
    return true;
  }

  /** This process hears every NOTIFY once its listening connection has run `LISTEN`. */
  async ready() {
    await this.listening();
  }

  /** Resolves once the listening connection is up (starting it if no socket did yet); for tests and start-up. */
  listening(): Promise<number> {
    return this.connection.listening();
  }

  private receive(payload: string | undefined) {
    let messages: Message[];
    try {
      messages = JSON.parse(payload ?? '[]') as Message[];
    } catch {
      return;
    }
    for (const [userIds, event] of messages) this.local.deliver(userIds, event);
  }

  async close() {
    await this.connection.close();
  }
}
