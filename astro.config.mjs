// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { purgeTabler } from './src/styles/tabler-purge.mjs';
import precompress from './scripts/precompress.mjs';
import workEntryBundle from './scripts/work-entry-build.mjs';
import { cspDigestCache, reactStringIds } from './scripts/vendor-patches.mjs';

/**
 * Some bundled vendor code finds the global object with `new Function("return this")()` (a
 * webpack shim inside @editorjs/image). The CSP allows no eval, so that call is refused (and
 * caught): swap it for `globalThis` so the editor causes no CSP violation at all.
 */
const noGlobalEval = {
  name: 'staff-portal:no-global-eval',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.includes('/node_modules/') || !code.includes('Function("return this")')) return null;
    return { code: code.replace(/(?:new )?Function\("return this"\)\(\)/g, 'globalThis'), map: null };
  },
};

export default defineConfig({
  output: 'server',
  // The adapter's body cap is only the backstop: the largest upload PORTAL_MAX_UPLOAD_MB allows
  // (1024 MB) plus multipart framing. Every call and form sets its own, far smaller, limit.
  // Middleware mode: the handler renders only; src/platform/server/serve.ts answers the static files from
  // its index (the standalone handler looked each request up on disk first).
  adapter: node({ mode: 'middleware', bodySizeLimit: 1024 * 1024 * 1024 + 1024 * 1024 }),
  // React islands render to a string on the server: none suspends, and renderToString costs far
  // less than a stream per island (/website/posts: +50% req/s).
  integrations: [react({ experimentalDisableStreaming: true }), ...(process.env.PORTAL_BENCH_PAGES === '1' ? [(await import('./scripts/bench/trivial-pages.mjs')).default()] : []), precompress(), workEntryBundle()], // bench-only trivial pages (npm run bench); the work pool's entry
  server: { port: 4321 },
  // Keeps the toolbar's own scripts out of dev pages, so dev weighs what production ships.
  devToolbar: { enabled: false },
  security: {
    // Our middleware refuses cross-site writes for every content type (Astro's check covers form types only).
    checkOrigin: false,
    // Behind a reverse proxy, list the public host here so Astro trusts X-Forwarded-Host
    // (and the same-origin checks compare against the address the browser used).
    allowedDomains: process.env.PORTAL_PUBLIC_HOST ? [{ hostname: process.env.PORTAL_PUBLIC_HOST }] : [],
    // A Content-Security-Policy header on every page: Astro adds the hashes of the scripts it
    // renders inline (island bootstrap); the middleware adds each page kind's other directives
    // and the theme script's hash (src/platform/http/security-headers.ts). Inline styles stay
    // allowed: school content and Editor.js use them, and CSS cannot run script.
    csp: {
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No Markdown pages: Shiki's inline styles would only conflict with the CSP.
  markdown: { syntaxHighlight: false },
  vite: {
    // purgeTabler: builds ship only the Tabler CSS the pages use (src/styles/tabler-purge.mjs);
    // Vendor patches (scripts/vendor-patches.mjs): the CSP hashes of a route's inline scripts are
    // computed once, not per request; React islands rendered to a string keep their useId prefix.
    plugins: [noGlobalEval, purgeTabler(), cspDigestCache(), reactStringIds()],
    // Native or driver packages, loaded from node_modules at run time (pg: PostgreSQL with DATABASE_URL).
    ssr: { external: ['better-sqlite3', 'pg'] },
    // hopscotch's stylesheet (the guided tours) still carries old IE rules (`filter: progid:...`)
    // that LightningCSS refuses to minify: it drops them instead of failing the build.
    css: { lightningcss: { errorRecovery: true } },
  },
});
