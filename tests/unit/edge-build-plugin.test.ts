/**
 * The edge build's construction rules (scripts/edge/build-plugin.mjs): upstream mode's pages only,
 * and a build that fails, naming the import chain, when anything reaches a Node-only package.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { build } from 'vite';
import { edgeBuild, edgePageFiles, routeOf } from '../../scripts/edge/build-plugin.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const page = (file: string) => path.join(ROOT, 'src/pages', file);

/** Bundles `entry` for the server with the edge build's rules, writing nothing. */
async function edgeBundle(entry: string) {
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    plugins: [edgeBuild({ pageFiles: new Set() })],
    build: { ssr: path.join(ROOT, entry), write: false, minify: false },
  });
}

describe('the edge build plugin', () => {
  it('maps page files to the paths they serve', () => {
    expect(routeOf(page('website/posts.astro'))).toBe('/website/posts');
    expect(routeOf(page('hapara/index.astro'))).toBe('/hapara');
    expect(routeOf(page('index.astro'))).toBe('/');
    expect(routeOf(page('api/[...path].ts'))).toBe('/api/[...path]');
  });

  it('keeps the pages upstream mode shows, the 404 page and the API, and no embedded-only page', async () => {
    const kept = await edgePageFiles();
    for (const file of ['website/posts.astro', 'website/posts/edit.astro', 'hapara/index.astro', 'home.astro', 'account/products.astro', '404.astro', 'api/[...path].ts']) {
      expect(kept.has(page(file)), file).toBe(true);
    }
    for (const file of ['website/managestaff.astro', 'newsletter/sent.astro', 'sites/[school]/index.astro', 'uploads/[school]/[file].ts', 'login.astro', 'welcome/[token].astro']) {
      expect(kept.has(page(file)), file).toBe(false);
    }
  });

  it('fails the build, naming the chain, when code reaches the embedded backend', async () => {
    await expect(edgeBundle('src/app/embedded/backends.ts')).rejects.toThrow(
      /Edge build: [\w@/-]+ is the embedded backend's \(Node only\), reached through .*src\/app\/embedded\/backends\.ts\./,
    );
  }, 60_000);

  it('bundles upstream mode’s backends, which reach none of it', async () => {
    await expect(edgeBundle('src/app/upstream/backends.ts')).resolves.toBeUndefined();
  }, 60_000);
});
