/**
 * The reference legacy backend as a process of its own (the bench runs it so that it does not share
 * the load generator's event loop): `tsx tests/legacy-backend/main.ts --port 0 --portal-url http://127.0.0.1:4321`.
 * Prints `legacy backend listening on <url>` once it answers; stops on SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startLegacyBackend } from './server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, 'portal-url': { type: 'string' }, 'latency-ms': { type: 'string', default: '0' } },
});
const backend = await startLegacyBackend({
  port: Number(values.port),
  latencyMs: Number(values['latency-ms']),
  ...(values['portal-url'] ? { portalUrl: values['portal-url'] } : {}),
});
console.log(`legacy backend listening on ${backend.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void backend.close().then(() => process.exit(0)));
