import pg from 'pg';

export interface ListeningOptions {
  connectionString: string;
  /** the NOTIFY channels to LISTEN on */
  channels: readonly string[];
  /** what the log calls this connection (`realtime`, `actors`) */
  name: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  onNotification(channel: string, payload: string | undefined): void;
  /** Up and listening (again): whatever was notified while it was down did not arrive. */
  onListening?(): void;
  /** Lost: nothing arrives until `onListening` is called again. */
  onLost?(): void;
  /** the first reconnection delay, doubled after each failure up to `maxRetryMs` */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * One dedicated PostgreSQL connection that LISTENs (a pooled connection cannot: it is handed to other
 * queries between them), opened by `start` and reopened with backoff whenever it is lost.
 */
export class ListeningConnection {
  private client?: pg.Client;
  private pid?: number;
  private waiters: (() => void)[] = [];
  private attempt = 0;
  private timer?: NodeJS.Timeout;
  private started = false;
  private closed = false;
  /** The round trip under way on the connection, and the next one, not sent yet, that callers join. */
  private sending: Promise<void> = Promise.resolve();
  private next?: Promise<void>;

  constructor(private readonly options: ListeningOptions) {}

  start() {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  /** Resolves with the backend's pid once listening (starting it if need be); for tests and start-up. */
  listening(): Promise<number> {
    this.start();
    if (this.pid !== undefined) return Promise.resolve(this.pid);
    return new Promise((resolve) => this.waiters.push(() => resolve(this.pid!)));
  }

  /**
   * Resolves once every notification committed before the call has been handled: a round trip on the
   * listening connection sent after the call (PostgreSQL hands a session the notifications received
   * during a command before it says it is ready for the next). Calls that come while one waits to be
   * sent share it. Rejects when the connection is down or lost meanwhile.
   */
  caughtUp(): Promise<void> {
    this.next ??= this.sending.then(() => {
      this.next = undefined;
      const trip = this.roundTrip();
      this.sending = trip.catch(() => {});
      return trip;
    });
    return this.next;
  }

  private roundTrip(): Promise<void> {
    const client = this.client;
    if (!client || this.pid === undefined) return Promise.reject(new Error(`${this.options.name}: not listening`));
    return client.query('select 1').then(() => undefined);
  }

  private connect() {
    if (this.closed) return;
    const { connectionString, channels, name, log } = this.options;
    const client = new pg.Client({ connectionString, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => this.options.onNotification(message.channel, message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client
      .connect()
      .then(() => client.query(channels.map((channel) => `LISTEN ${channel}`).join('; ')))
      .then(() => client.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .then(({ rows }) => {
        if (this.client !== client) return;
        if (this.attempt > 0) log.info({ attempts: this.attempt }, `${name}: listening again`);
        this.attempt = 0;
        this.pid = rows[0]!.pid;
        this.options.onListening?.();
        for (const wake of this.waiters.splice(0)) wake();
      })
      .catch((error: Error) => this.lost(client, error));
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = undefined;
    this.pid = undefined;
    this.options.onLost?.();
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed) return;
    const retryMs = this.options.retryMs ?? 250;
    const delay = Math.min(this.options.maxRetryMs ?? 10_000, retryMs * 2 ** this.attempt++);
    this.options.log.warn({ err: error?.message, delay }, `${this.options.name}: the listening connection was lost, reconnecting`);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    if (client) await client.end().catch(() => {});
  }
}
