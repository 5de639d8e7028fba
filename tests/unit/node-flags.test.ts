import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/platform/server/node-flags';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The server's heap settings (src/platform/server/node-flags.ts) reach the server `npm start` runs, and the servers the tests and the bench start. */
describe('server node flags', () => {
  it('npm start runs the server with them', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} src/app/start.ts`);
  });

  it('the e2e server and the bench start their servers and senders with them', () => {
    for (const file of ['tests/e2e/support/server.ts', 'scripts/bench/pipeline.ts']) {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(/\[\.\.\.SERVER_NODE_FLAGS, /);
    }
    const bench = fs.readFileSync(path.join(ROOT, 'scripts/bench.mjs'), 'utf8');
    const starts = bench.match(/startNode\(\[[^\]]*\]/g) ?? [];
    const servers = starts.filter((s) => /SERVER|API_SERVER|start\.ts/.test(s));
    expect(servers.length).toBeGreaterThanOrEqual(5);
    for (const start of servers) expect(start).toContain('...SERVER_NODE_FLAGS');
  });

  it('the server front tunes the heap before it loads the build', () => {
    const serve = fs.readFileSync(path.join(ROOT, 'src/platform/server/serve.ts'), 'utf8');
    expect(serve.indexOf('tuneServerHeap();')).toBeGreaterThan(-1);
    expect(serve.indexOf('tuneServerHeap();')).toBeLessThan(serve.indexOf('await loadBuild('));
  });
});
