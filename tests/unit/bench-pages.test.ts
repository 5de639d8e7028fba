import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import benchTrivialPages, { BENCH_OUT_DIR, TRIVIAL_PAGES } from '../../scripts/bench/trivial-pages.mjs';

/**
 * The bench's trivial pages (`npm run bench -- --sections ratios`) exist only in the bench's own
 * build: astro.config.mjs includes their integration only with PORTAL_BENCH_PAGES=1, and the
 * integration refuses to build anywhere but the bench's outDir.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const NAME = 'staff-portal:bench-trivial-pages';

async function integrationNames(): Promise<string[]> {
  vi.resetModules();
  const { default: config } = await import('../../astro.config.mjs');
  return (config.integrations ?? []).flat().map((integration) => (integration && typeof integration === 'object' && 'name' in integration ? integration.name : ''));
}

type Setup = (options: unknown) => void;

/** Runs the integration's config:setup hook as Astro would, recording the injected routes. */
function setup(command: 'build' | 'dev', outDir: string) {
  const routes: Array<{ pattern: string; entrypoint: string }> = [];
  const hook = benchTrivialPages().hooks['astro:config:setup'] as unknown as Setup;
  hook({ command, config: { outDir: pathToFileURL(`${outDir}/`) }, injectRoute: (route: { pattern: string; entrypoint: string }) => routes.push(route) });
  return routes;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('bench trivial pages', () => {
  it('are not in the config of a normal build', async () => {
    vi.stubEnv('PORTAL_BENCH_PAGES', '');
    expect(await integrationNames()).not.toContain(NAME);
  });

  it('are in the config with PORTAL_BENCH_PAGES=1', async () => {
    vi.stubEnv('PORTAL_BENCH_PAGES', '1');
    expect(await integrationNames()).toContain(NAME);
  });

  it('refuse to build into dist/ (or anywhere but the bench outDir)', () => {
    expect(() => setup('build', path.join(ROOT, 'dist'))).toThrow(/must never reach a production build/);
    expect(() => setup('build', path.join(ROOT, 'dist-bench'))).toThrow(/--outDir/);
  });

  it('inject their two routes into the bench build only', () => {
    const routes = setup('build', BENCH_OUT_DIR);
    expect(routes.map((r) => r.pattern).sort()).toEqual(Object.values(TRIVIAL_PAGES).map((p) => p.pattern).sort());
    for (const route of routes) expect(fs.existsSync(route.entrypoint)).toBe(true);
    // Outside src/pages, outside dist/: a normal build has no file that could route them.
    expect(BENCH_OUT_DIR.startsWith(path.join(ROOT, 'node_modules') + path.sep)).toBe(true);
  });
});
