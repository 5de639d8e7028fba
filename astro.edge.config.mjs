// @ts-check
/**
 * `npm run build:edge`: upstream mode as a Cloudflare Worker (dist-edge/), for workerd. The same
 * pages, islands and styles as astro.config.mjs, without the embedded backend: see
 * scripts/edge/build-plugin.mjs for what is left out and how that is enforced.
 */
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import base from './astro.config.mjs';
import { edgeBuild, edgePageFiles } from './scripts/edge/build-plugin.mjs';

export default defineConfig({
  output: 'server',
  outDir: './dist-edge',
  // No Astro sessions (the legacy backend keeps them) and no image service: the Worker needs no KV or Images binding.
  session: false,
  adapter: cloudflare({ configPath: './scripts/edge/wrangler.jsonc', imageService: 'passthrough' }),
  integrations: [react({ experimentalDisableStreaming: true })],
  devToolbar: base.devToolbar,
  security: base.security,
  markdown: base.markdown,
  vite: {
    plugins: [edgeBuild({ pageFiles: await edgePageFiles() }), ...(base.vite?.plugins ?? [])],
    css: base.vite?.css,
  },
});
