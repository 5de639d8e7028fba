import net from 'node:net';
import tls, { type ConnectionOptions } from 'node:tls';

/**
 * A small POP3 client (RFC 1939, STLS from RFC 2595): the commands the bounce reader needs and
 * nothing else. npm's node-pop3 was the candidate, but it takes every TCP chunk for a whole
 * answer (a message whose end marker is split between two chunks never ends), does not undo the
 * dot-stuffing, decodes messages as UTF-8 (8-bit bytes of other charsets are lost) and emits an
 * unheard 'error' event (ending the process) when the server says -ERR between commands.
 *
 * Every wait for the server is bounded by `timeoutMs`, so a server that stops answering fails
 * the run instead of holding it. Messages are kept as bytes.
 */

export interface Pop3Options {
  host: string;
  port: number;
  /** TLS from the first byte (pop3s); otherwise STLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  tls: ConnectionOptions;
  timeoutMs: number;
}

interface Waiter {
  resolve: (line: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const CRLF = Buffer.from('\r\n');

export class Pop3Client {
  private socket: net.Socket;
  private pending: Buffer = Buffer.alloc(0);
  private lines: Buffer[] = [];
  private waiter: Waiter | null = null;
  private failure: Error | null = null;
  private readonly timeoutMs: number;

  private constructor(socket: net.Socket, timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.socket = socket;
    this.listen(socket);
  }

  /** Connects, upgrades to TLS when it may, and logs in; throws (and closes) when any of it fails. */
  static async open(options: Pop3Options): Promise<Pop3Client> {
    const connect = options.secure ? () => tls.connect({ ...options.tls, host: options.host, port: options.port }) : () => net.connect({ host: options.host, port: options.port });
    const client = new Pop3Client(connect(), options.timeoutMs);
    try {
      await client.answer();
      if (!options.secure) await client.startTls(options.tls, options.host);
      await client.login(options.user, options.pass);
      return client;
    } catch (err) {
      client.destroy();
      throw err;
    }
  }

  /** USER and PASS; a refusal is marked `authenticationFailed`, as imapflow marks its own. */
  private async login(user: string, pass: string): Promise<void> {
    try {
      await this.command(`USER ${user}`);
      await this.command(`PASS ${pass}`);
    } catch (err) {
      const said = (err as Error).message;
      if (!said.startsWith('-ERR')) throw err;
      throw Object.assign(new Error(`the login of "${user}" was refused`), { authenticationFailed: true, responseText: said });
    }
  }

  /** The number of messages in the mailbox. */
  async count(): Promise<number> {
    const status = await this.command('STAT');
    const n = Number(status.split(' ')[0]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`the server answered STAT with "${status}"`);
    return n;
  }

  /** Message `n` (1-based) as it is stored, its dot-stuffing undone. */
  async retrieve(n: number): Promise<Buffer> {
    await this.command(`RETR ${n}`);
    const lines: Buffer[] = [];
    for (;;) {
      const line = await this.line();
      if (line.length === 1 && line[0] === 0x2e) break;
      lines.push(line[0] === 0x2e ? line.subarray(1) : line);
    }
    return Buffer.concat(lines.flatMap((line) => [line, CRLF]));
  }

  /** Marks message `n` deleted: the server deletes it when QUIT ends the session, not before. */
  async delete(n: number): Promise<void> {
    await this.command(`DELE ${n}`);
  }

  /** Ends the session, which commits the deletions, and closes the connection. */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT');
    } finally {
      this.destroy();
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Sends a command and resolves with the text of its +OK answer; rejects with the server's -ERR text. */
  private async command(line: string): Promise<string> {
    if (/[\r\n]/.test(line)) throw new Error('a POP3 command cannot span lines');
    if (this.failure) throw this.failure;
    this.socket.write(`${line}\r\n`);
    return this.answer();
  }

  private async answer(): Promise<string> {
    const text = (await this.line()).toString('utf8');
    if (text.startsWith('+OK')) return text.slice(3).trim();
    throw new Error(text.startsWith('-ERR') ? text : `the server answered "${text.slice(0, 200)}"`);
  }

  /** STLS when the server's CAPA lists it (RFC 2595), then the rest of the session over TLS. */
  private async startTls(options: ConnectionOptions, host: string): Promise<void> {
    let capabilities: string[];
    try {
      await this.command('CAPA');
      capabilities = [];
      for (let line = await this.line(); line.toString() !== '.'; line = await this.line()) capabilities.push(line.toString().trim().toUpperCase());
    } catch {
      // A server without CAPA (RFC 2449) offers no STLS either.
      return;
    }
    if (!capabilities.includes('STLS')) return;
    await this.command('STLS');
    const plain = this.socket;
    plain.removeAllListeners('data');
    // `host` is what the certificate must name (node:tls checks 'localhost' when it is missing).
    const secure = tls.connect({ ...options, host, socket: plain });
    this.socket = secure;
    this.listen(secure);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no TLS handshake in ${this.timeoutMs} ms`)), this.timeoutMs);
      secure.once('secureConnect', () => {
        clearTimeout(timer);
        resolve();
      });
      secure.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  private listen(socket: net.Socket): void {
    socket.on('data', (chunk: Buffer) => {
      this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
      let start = 0;
      for (let end = this.pending.indexOf(0x0a, start); end !== -1; end = this.pending.indexOf(0x0a, start)) {
        const stop = end > start && this.pending[end - 1] === 0x0d ? end - 1 : end;
        this.lines.push(this.pending.subarray(start, stop));
        start = end + 1;
      }
      this.pending = this.pending.subarray(start);
      this.wake();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  private line(): Promise<Buffer> {
    const next = this.lines.shift();
    if (next) return Promise.resolve(next);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no answer from the server in ${this.timeoutMs} ms`));
        this.destroy();
      }, this.timeoutMs);
      this.waiter = { resolve, reject, timer };
    });
  }

  private wake(): void {
    const waiter = this.waiter;
    const next = waiter && this.lines.shift();
    if (!waiter || !next) return;
    this.waiter = null;
    clearTimeout(waiter.timer);
    waiter.resolve(next);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = null;
    clearTimeout(waiter.timer);
    waiter.reject(this.failure);
  }
}
