// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 4321 },
  // Keeps the toolbar's own scripts out of dev pages, so dev weighs what production ships.
  devToolbar: { enabled: false },
  security: {
    // Our middleware refuses cross-site writes for every content type (Astro's check covers form types only).
    checkOrigin: false,
    // Behind a reverse proxy, list the public host here so Astro trusts X-Forwarded-Host
    // (and the same-origin checks compare against the address the browser used).
    allowedDomains: process.env.PORTAL_PUBLIC_HOST ? [{ hostname: process.env.PORTAL_PUBLIC_HOST }] : [],
  },
  vite: {
    ssr: { external: ['better-sqlite3'] },
  },
});
