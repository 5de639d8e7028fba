// The portal's HTTP server: Astro's handler (pages, /api) behind a thin front that answers what
// needs no rendering. `npm start`, the end-to-end tests and the bench all serve through this file
// (src/app/serve.ts runs it).
//   - Static files (the build's client folder: hashed /_astro assets, public/) are indexed once
//     at start and answered by path before Astro sees the request: no file-system lookup per
//     request, the precompressed .br/.gz the browser accepts (scripts/precompress.mjs), ETag/304,
//     a year's immutable cache for hashed assets (static-files.ts).
//   - Rendered answers (HTML, JSON, ...) of 1 KB or more are compressed when the browser accepts
//     it (compress-responses.ts).
//   - Undecodable addresses are refused before Astro (which would answer them with plain text).
//   - With PORTAL_URL on https (TLS ends at a proxy in front), every answer, static files included,
//     carries Strict-Transport-Security.
// Node runs this file and its imports as they are (type stripping): erasable syntax only, and
// every relative import names its .ts file.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { MESSAGES, failure } from '../http/envelope.ts';
import { compressResponses } from './compress-responses.ts';
import { tuneServerHeap } from './node-flags.ts';
import { indexStaticFiles, serveStatic } from './static-files.ts';

/** What the front reads of the configuration, checked by the caller (parseConfig). */
export type FrontConfig = Pick<Config, 'HOST' | 'PORT' | 'PORTAL_URL' | 'PORTAL_BACKEND'>;

/** What the Node adapter's entry exports in middleware mode (astro.config.mjs). */
interface BuiltEntry {
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
  /** file: URLs of the build's server and client folders. */
  options: { server: string; client: string };
}

/** Addresses only this machine reaches: emailed links to them harm no one (src/platform/http/link-addresses.ts). */
const LOCAL_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Uploaded files (images, PDFs) are sent as they are stored. */
const UNCOMPRESSED_PREFIX = '/uploads/';

/** Astro answers an address it cannot decode with plain text; every /api answer is the JSON envelope. */
function refuseMalformed(req: http.IncomingMessage, res: http.ServerResponse): void {
  const api = /^\/api(?:[/?#]|$)/.test(req.url ?? '');
  const body = api ? JSON.stringify(failure(400, MESSAGES.badAddress)) : 'Bad request: the address is not valid.';
  res.writeHead(400, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    // Every /api answer: personal data or not, never kept by a cache.
    ...(api ? { 'Cache-Control': 'no-store' } : {}),
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function isDecodable(url: string | undefined): boolean {
  try {
    decodeURI(url ?? '/');
    return true;
  } catch {
    return false;
  }
}

async function loadBuild(entry: string): Promise<BuiltEntry> {
  const built: Partial<BuiltEntry> = await import(entry);
  if (typeof built.handler !== 'function' || typeof built.options?.server !== 'string' || typeof built.options.client !== 'string') {
    throw new Error(`${entry} is not a build of the Node adapter in middleware mode (astro.config.mjs).`);
  }
  return { handler: built.handler, options: built.options };
}

/**
 * Serves the build whose adapter entry is `entry` on config.HOST:config.PORT until SIGTERM or
 * SIGINT, which finish the requests in flight and exit. Resolves once listening.
 */
export async function serveBuild(entry: string, config: FrontConfig): Promise<http.Server> {
  tuneServerHeap();
  // The server runs React's production build (and any library's): they read NODE_ENV when imported.
  process.env.NODE_ENV ??= 'production';
  // Astro's standalone entry would start its own server on import; this one serves its handler.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler, options } = await loadBuild(entry);

  /** A year of https only, for this host alone (the provider's other hosts are not ours to pin). */
  const hsts = config.PORTAL_URL && /^https:/i.test(config.PORTAL_URL) ? 'max-age=31536000' : undefined;
  /** The build's client folder: where the adapter finds it, relative to the entry's server folder. */
  const clientDir = path.resolve(path.dirname(entry), path.relative(fileURLToPath(options.server), fileURLToPath(options.client)));
  const staticFiles = indexStaticFiles(clientDir);

  /** Astro answers it: pages, /api, uploads, and the 404 page for the rest. */
  const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith(UNCOMPRESSED_PREFIX)) compressResponses(req, res);
    void handler(req, res);
  };

  const server = http.createServer((req, res) => {
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    if (!isDecodable(req.url)) return refuseMalformed(req, res);
    if (serveStatic(req, res, staticFiles, () => render(req, res))) return;
    render(req, res);
  });

  // Keep idle connections longer than clients do (Node's default is 5 s): a client reusing a
  // kept-alive socket just as the server closed it gets ECONNRESET (seen from Playwright's API client).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  console.log(`Staff Portal is serving on http://${config.HOST}:${typeof address === 'object' && address ? address.port : config.PORT}`);
  if (!config.PORTAL_URL && !LOCAL_HOSTS.test(config.HOST) && config.PORTAL_BACKEND !== 'upstream') {
    console.warn(
      "Warning: PORTAL_URL is not set, so emailed links (invitations, password resets, newsletters) name this server's own address, and requests that reach it under any other name cannot send them: set PORTAL_URL to the portal's public address (e.g. https://portal.example.org).",
    );
  }

  // Finish the requests in flight, then exit (the test runner and process managers send SIGTERM).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
  return server;
}
