import { once } from 'node:events';
import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that a test cuts and restores: cut, every connection
 * through it ends at once and new ones are refused (nothing listens on its port); restored, it forwards
 * again on the same port. `cutWhenSent(pattern)` cuts the moment a client sends bytes that match, before
 * they reach PostgreSQL; `answered: true`, once PostgreSQL has answered them, before the answer reaches
 * the client.
 */
export class DatabaseProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private trigger: { pattern: RegExp; answered: boolean; cut: () => void } | undefined;
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens (again, on the same port once it has one). */
  async open(): Promise<void> {
    this.server = createServer((client) => this.forward(client));
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Every connection ended, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once a client has sent bytes matching `pattern` and the proxy was cut there. */
  cutWhenSent(pattern: RegExp, { answered = false } = {}): Promise<void> {
    return new Promise((resolve) => {
      this.trigger = { pattern, answered, cut: () => void this.cut().then(resolve) };
    });
  }

  /** The address of a database through the proxy. */
  urlOf(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private forward(client: Socket) {
    const server = connect(this.target.port, this.target.host);
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        (socket === client ? server : client).destroy();
      });
    }
    let cutAtAnswer: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      const trigger = this.trigger?.pattern.test(chunk.toString('latin1')) ? this.trigger : undefined;
      if (trigger) this.trigger = undefined;
      if (trigger && !trigger.answered) return trigger.cut();
      if (trigger) cutAtAnswer = trigger.cut;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (cutAtAnswer) return cutAtAnswer();
      client.write(chunk);
    });
  }
}
