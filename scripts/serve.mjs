// The portal's HTTP server: Astro's handler (pages, /api) behind a thin front that answers what
// needs no rendering. `npm start`, the end-to-end tests and the bench all serve through this file.
//   - Static files (the build's client folder: hashed /_astro assets, public/) are indexed once
//     at start and answered by path before Astro sees the request: no file-system lookup per
//     request, the precompressed .br/.gz the browser accepts (scripts/precompress.mjs), ETag/304,
//     a year's immutable cache for hashed assets (scripts/delivery.mjs).
//   - Rendered answers (HTML, JSON, ...) of 1 KB or more are compressed when the browser accepts it.
//   - Undecodable addresses are refused before Astro (which would answer them with plain text).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRY } from './build-state.mjs';
import { compressResponses, indexStaticFiles, serveStatic } from './delivery.mjs';
import { tuneServerHeap } from './node-flags.mjs';

tuneServerHeap();

// The server runs React's production build (and any library's): they read NODE_ENV when imported.
process.env.NODE_ENV ??= 'production';
// Astro's standalone entry would start its own server on import; this one serves its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler, options } = await import(ENTRY);

const HOST = process.env.HOST || 'localhost';
const PORT = Number(process.env.PORT || 4321);

/** The build's client folder: where the adapter finds it, relative to the entry's server folder. */
const CLIENT_DIR = path.resolve(path.dirname(ENTRY), path.relative(fileURLToPath(options.server), fileURLToPath(options.client)));
const STATIC_FILES = indexStaticFiles(CLIENT_DIR);

/** Uploaded files (images, PDFs) are sent as they are stored. */
const UNCOMPRESSED_PREFIX = '/uploads/';

/** Astro answers an address it cannot decode with plain text; every /api answer is the JSON envelope. */
function refuseMalformed(req, res) {
  const api = /^\/api(?:[/?#]|$)/.test(req.url ?? '');
  const body = api
    ? JSON.stringify({ success: false, isAuthFailed: false, message: 'The address of this request is not valid.' })
    : 'Bad request: the address is not valid.';
  res.writeHead(400, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function isDecodable(url) {
  try {
    decodeURI(url ?? '/');
    return true;
  } catch {
    return false;
  }
}

/** Astro answers it: pages, /api, uploads, and the 404 page for the rest. */
function render(req, res) {
  if (!req.url?.startsWith(UNCOMPRESSED_PREFIX)) compressResponses(req, res);
  handler(req, res);
}

const server = http.createServer((req, res) => {
  if (!isDecodable(req.url)) return refuseMalformed(req, res);
  if (serveStatic(req, res, STATIC_FILES, () => render(req, res))) return;
  render(req, res);
});

// Keep idle connections longer than clients do (Node's default is 5 s): a client reusing a
// kept-alive socket just as the server closed it gets ECONNRESET (seen from Playwright's API client).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(PORT, HOST, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${HOST}:${address.port}` : `${HOST}:${PORT}`;
  console.log(`Staff Portal is serving on http://${shown}`);
});

// Finish the requests in flight, then exit (the test runner and process managers send SIGTERM).
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
