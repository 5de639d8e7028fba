/**
 * The bench's SMTP sink (smtp-server, plain SMTP on loopback): it accepts every message, counts it
 * and its bytes, and throws it away. Unlike the tests' sink (tests/factories/smtp-sink.ts) it
 * parses nothing: mailparser would cost more than the sending it is there to time.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CountingSink {
  url: string;
  /** Messages accepted so far. */
  readonly count: number;
  /** Bytes of the messages accepted so far (as sent: headers and body). */
  readonly bytes: number;
  /** The most connections open at once since the last reset(). */
  readonly peakConnections: number;
  /** Resolves once `count` messages in all have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  /** Starts counting from zero (between rounds). */
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingSink(): Promise<CountingSink> {
  let count = 0;
  let bytes = 0;
  let open = 0;
  let peakConnections = 0;
  let waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The pipeline and the bare pool may each open up to 50 connections (MAIL_URL's most).
    maxClients: 200,
    onConnect(_session, callback) {
      open += 1;
      peakConnections = Math.max(peakConnections, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, _session, callback) {
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on('end', () => {
        count += 1;
        bytes += size;
        if (waiters.length > 0) {
          const due = waiters.filter((w) => count >= w.count);
          waiters = waiters.filter((w) => count < w.count);
          for (const w of due) w.resolve();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
    get peakConnections() {
      return peakConnections;
    },
    waitFor(target, timeoutMs) {
      if (count >= target) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The SMTP sink got ${count} of ${target} messages in ${timeoutMs / 1000} s.`)), timeoutMs);
        waiters.push({
          count: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    reset() {
      count = 0;
      bytes = 0;
      peakConnections = open;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
