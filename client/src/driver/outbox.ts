import type { Report } from './reports.js';

/** How one attempt to send a report ended. */
export type Sent = { kind: 'sent'; answer: unknown } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

export interface Refused {
  report: Report;
  message: string;
}

/** What the screen shows of the outbox: the reports waiting to be sent, and those the server refused. */
export interface Queue {
  waiting: Report[];
  refused: Refused[];
}

/**
 * The reports made on the phone that the server does not have yet, kept in the browser's storage so a
 * closed tab or a lost signal loses none. They are sent one at a time in the order they were made; a
 * report the server refuses (its 4xx) leaves the queue and is shown with the server's message; one
 * that cannot reach the server (no signal, a 5xx) stays first, and the rest wait behind it.
 */
export class Outbox {
  private sending: Promise<void> | null = null;

  constructor(
    private readonly storage: Storage,
    readonly key: string,
  ) {}

  list(): Report[] {
    try {
      return JSON.parse(this.storage.getItem(this.key) ?? '[]') as Report[];
    } catch {
      return [];
    }
  }

  add(report: Report) {
    this.save([...this.list(), report]);
  }

  private save(reports: Report[]) {
    this.storage.setItem(this.key, JSON.stringify(reports));
  }

  /**
   * Sends what waits, in order, until the queue is empty or the server is out of reach; one run at a time
   * (a second call while one runs waits for it). `done` hears of each report the server answered.
   */
  flush(send: (report: Report) => Promise<Sent>, done: (report: Report, result: Exclude<Sent, { kind: 'unreachable' }>) => void): Promise<void> {
    this.sending ??= this.run(send, done).finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async run(send: (report: Report) => Promise<Sent>, done: (report: Report, result: Exclude<Sent, { kind: 'unreachable' }>) => void) {
    for (let report = this.list()[0]; report; report = this.list()[0]) {
      const result = await send(report);
      if (result.kind === 'unreachable') return;
      this.save(this.list().filter((waiting) => waiting.id !== report.id));
      done(report, result);
    }
  }
}
