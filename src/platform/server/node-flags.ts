// The server process's heap settings (issue 10: a 50,000-recipient send must not grow the server's
// memory past 1.5 × idle). Under a send's allocation rate Node 24's V8 lets the young generation
// grow to ~130 MB and the old one to four times what is live: a send peaked at 2.8 × idle, of which
// nearly all was garbage waiting for a collection. Capped as below it peaks at 1.3 × idle, for
// ~7 % more CPU per message and no loss of throughput (npm run bench -- --sections pipeline).
import v8 from 'node:v8';

/**
 * Flags V8 reads only when the process starts: every server process is started with them
 * (package.json's `start`, the e2e server, the bench's servers and sending processes).
 * tests/unit/node-flags.test.ts keeps package.json in step.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** What V8 reads at each collection: set by the server process itself (serve.ts, before it loads the build). */
export function tuneServerHeap(): void {
  v8.setFlagsFromString('--heap-growing-percent=10');
}
