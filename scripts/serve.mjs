// The portal's HTTP server: Astro's standalone handler (static files, pages, /api) behind a thin
// front for what must be answered before Astro sees a request. `npm start`, the end-to-end tests
// and the bench all serve through this file.
import http from 'node:http';
import { ENTRY } from './build-state.mjs';

// Astro's standalone entry would start its own server on import; this one serves its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(ENTRY);

const HOST = process.env.HOST || 'localhost';
const PORT = Number(process.env.PORT || 4321);

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

const server = http.createServer((req, res) => {
  if (!isDecodable(req.url)) return refuseMalformed(req, res);
  handler(req, res);
});

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
