// Child processes, ports and temp dirs for the benchmark. Everything started here is tracked so
// that `cleanup()` (and the exit/signal hooks in bench.mjs) can end it, even after a failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOOPBACK = '127.0.0.1';
/** The portal's default port: a developer's own server may be on it, so never use it. */
const DEFAULT_PORTAL_PORT = 4321;

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<string>} */
const tempDirs = new Set();

/** A fresh, empty directory under the OS temp dir, removed by cleanup(). */
export function makeTempDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

/** Asks the OS for an unused loopback port (never the portal's default). */
export async function freePort() {
  for (let attempt = 0; attempt < 10; attempt++) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, LOOPBACK, () => {
        const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
        server.close(() => resolve(port));
      });
    });
    if (port !== DEFAULT_PORTAL_PORT) return port;
  }
  throw new Error('Could not find a free port.');
}

/**
 * Runs `node <args>` with the same Node as the benchmark (Node 24 from the `node` devDependency
 * when started through npm). `detached` makes the child lead its own process group, so killing
 * the group also ends anything it spawned (src/app/start.ts may spawn `astro build`).
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, label: string }} options
 */
export function startNode(args, { env = process.env, label }) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  // Keep the tail of the output: shown when something fails, and read to spot a build.
  const output = { text: '', label };
  const keep = (chunk) => {
    output.text = (output.text + chunk).slice(-20_000);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  return { child, output };
}

/**
 * Tracks a child started elsewhere (Chromium, by chrome-launcher), so cleanup() ends it too. It
 * must lead its own process group (spawned with `detached: true`), like those of startNode().
 * @param {import('node:child_process').ChildProcess} child
 */
export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Resolves with the exit code once the child has ended. */
export function exited(child) {
  if (hasExited(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the child's process group, SIGKILL if it has not ended after `graceMs`. */
export async function killTree(child, graceMs = 3000) {
  signalGroup(child, 'SIGTERM');
  if (hasExited(child)) {
    // The leader is gone; give the rest of the group a moment, then make sure.
    await sleep(100);
    signalGroup(child, 'SIGKILL');
    return;
  }
  const timedOut = await Promise.race([exited(child).then(() => false), sleep(graceMs).then(() => true)]);
  signalGroup(child, 'SIGKILL');
  if (timedOut) await exited(child);
}

/** Ends every child still running and removes every temp dir. Safe to call twice. */
export async function cleanup() {
  await Promise.all([...children].map((child) => killTree(child)));
  removeTempDirs();
}

/** For `process.on('exit')`, where only synchronous work runs. */
export function cleanupSync() {
  for (const child of children) signalGroup(child, 'SIGKILL');
  removeTempDirs();
}

function removeTempDirs() {
  for (const dir of tempDirs) {
    fs.rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

/** One GET without keep-alive; resolves with the status, or 0 when the connection failed. */
export function statusOf(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Polls `url` every `intervalMs` until it answers 200. Fails when the child exits first or
 * after `timeoutMs`, with the child's recent output so the cause is visible.
 * @returns {Promise<number>} performance.now() when the 200 arrived
 */
export async function waitFor200(url, { child, output }, { intervalMs = 50, timeoutMs = 60_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (hasExited(child)) throw new Error(`${output.label} exited (code ${child.exitCode}) before ${url} answered.\n${output.text}`);
    if ((await statusOf(url)) === 200) return performance.now();
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s.\n${output.text}`);
}

const PAGE_BYTES = 4096;

/**
 * Resident memory of a process group (a server and what it spawned: Chromium, worker processes), in
 * bytes: the sum of its processes' RSS read from /proc; null off Linux. Threads count with their process.
 * @param {number} pgid the group's leader (a child of startNode() leads its own group)
 */
export function groupRss(pgid) {
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  let pages = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The process group is field 5 of stat; the name (field 2) may hold spaces, so count from its ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      pages += Number(fs.readFileSync(`/proc/${entry}/statm`, 'utf8').split(' ')[1]);
    } catch {
      // Ended meanwhile.
    }
  }
  return pages * PAGE_BYTES;
}

/** The kernel's high-water mark of one process's RSS (VmHWM) since its start or resetPeakRss(), in bytes; null off Linux. */
export function peakRss(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts a process's VmHWM again from its current RSS (Linux: `5` into clear_refs); false when refused. */
export function resetPeakRss(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
