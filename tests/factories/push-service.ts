/**
 * A real push service on this machine for tests: the npm package `web-push-testing` (headless
 * Chromium has no push service of its own), started in its own process on a free port. It
 * subscribes like a browser's push service (an endpoint and the keys a message is encrypted to),
 * checks each push's VAPID signature against the key the subscription was made with, decrypts
 * it (RFC 8291) and keeps the text; it answers 410 for a subscription the test expired.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push service's name for the subscription (its messages, its expiry). */
  clientHash: string;
}

export interface PushService {
  /** http://localhost:<port>: what PORTAL_PUSH_SERVICES must list for subscriptions to be taken. */
  origin: string;
  /** A subscription as a browser would get it, for the server's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<TestPushSubscription>;
  /** The texts of the pushes the subscription received, decrypted, oldest first. */
  messages(subscription: Pick<TestPushSubscription, 'clientHash'>): Promise<string[]>;
  /** From now on the service answers pushes to this subscription with 410 Gone. */
  expire(subscription: Pick<TestPushSubscription, 'clientHash'>): Promise<void>;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was given.'))));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function call(origin: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Starts the push service; close it after the tests. */
export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const script = path.join(path.dirname(createRequire(import.meta.url).resolve('web-push-testing/package.json')), 'src/bin/server.js');
  let output = '';
  const child = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // The service names its endpoints http://localhost:<port>/notify/<hash>.
  const origin = `http://localhost:${port}`;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web-push-testing exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await call(origin, '/status')).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(child);
      throw new Error(`web-push-testing did not start within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    origin,
    async subscribe(applicationServerKey) {
      const res = await call(origin, '/subscribe', { applicationServerKey, userVisibleOnly: 'true' });
      if (res.status !== 200) throw new Error(`Subscribing failed: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: TestPushSubscription };
      return data;
    },
    async messages({ clientHash }) {
      const res = await call(origin, '/get-notifications', { clientHash });
      if (res.status !== 200) throw new Error(`Reading messages failed: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { messages: string[] } };
      return data.messages;
    },
    async expire({ clientHash }) {
      const res = await call(origin, `/expire-subscription/${clientHash}`);
      if (res.status !== 200) throw new Error(`Expiring failed: ${res.status} ${await res.text()}`);
    },
    close: () => stop(child),
  };
}
