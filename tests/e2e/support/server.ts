/**
 * Starting and stopping the built portal (src/app/serve.ts) for the e2e run: the global setup's
 * server, and the extra servers a spec needs with other settings.
 */
import { SERVER_NODE_FLAGS } from '../../../src/platform/server/node-flags';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT, portalEnv } from './env';

const SERVER_START_TIMEOUT_MS = 30_000;

export interface RunningServer {
  process: ChildProcess;
  /** The tail of its console output. */
  log(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was given.'))));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url} within ${SERVER_START_TIMEOUT_MS} ms:\n${log()}`);
}

function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 5_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Serves the data folder `dir` on `host` (127.0.0.1 unless given):`port` with the e2e environment
 * plus `env`; resolves once `readyPath` answers 200 on `readyBase` (the address the server is reached at).
 */
export async function startServer(options: {
  dir: string;
  port: number;
  host?: string;
  env?: Record<string, string>;
  readyBase?: string;
  readyPath?: string;
}): Promise<RunningServer> {
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'src/app/serve.ts')], {
    cwd: ROOT,
    env: { ...portalEnv(options.dir), ...options.env, HOST: options.host ?? '127.0.0.1', PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 50_000) output = output.slice(-50_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const running: RunningServer = { process: server, log: () => output, stop: () => stopProcess(server) };
  try {
    await waitForServer(`${options.readyBase ?? `http://127.0.0.1:${options.port}`}${options.readyPath ?? '/login'}`, server, () => output);
  } catch (err) {
    await running.stop();
    throw err;
  }
  return running;
}
