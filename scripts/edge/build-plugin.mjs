// @ts-check
/**
 * The edge build's construction rules (astro.edge.config.mjs): it serves upstream mode only, so
 * - the embedded backend's one way in, src/app/embedded/portal.ts, is replaced by a module that
 *   says so (src/app/portal.ts imports it only when PORTAL_BACKEND is embedded), and each module's
 *   embedded side, which its manifest (src/modules/<m>/server/manifest.ts) names for the module
 *   list, by nothing (only the embedded backend reads it);
 * - every page upstream mode does not show (UPSTREAM_PAGES) is replaced by a 404: the upstream
 *   page middleware answers 'not available' before such a page would render;
 * - a Node-only package (database drivers, image, mail, PDF and CSV-import code) reached from
 *   anything else fails the build, naming the importer: nothing embedded slips in unnoticed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES_DIR = path.join(ROOT, 'src/pages');
const EMBEDDED_ENTRY = path.join(ROOT, 'src/app/embedded/portal.ts');
const NO_EMBEDDED = '\0staff-portal:no-embedded-backend';
/** A module's embedded side, left out: `\0staff-portal:no-embedded-module:<module>`. */
const NO_EMBEDDED_MODULE = '\0staff-portal:no-embedded-module:';
const MANIFEST = /[\\/]src[\\/]modules[\\/](\w+)[\\/]server[\\/]manifest\.ts$/;

/** Packages of the embedded backend that a worker cannot run (or has no use for). */
export const NODE_ONLY_PACKAGES = ['better-sqlite3', 'pg', 'kysely', 'sharp', 'nodemailer', 'mjml', 'playwright-core', 'web-push', 'file-type', 'papaparse', 'tsx', 'piscina', '@fastify/busboy', 'p-limit', 'esbuild'];

/** @param {string} file a file under src/pages @returns {string} the path it serves */
export function routeOf(file) {
  const route = `/${path.relative(PAGES_DIR, file).replace(/\\/g, '/')}`.replace(/\.(astro|ts)$/, '').replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The page files the edge build keeps: upstream mode's pages, the 404 page and the API route. */
export async function edgePageFiles() {
  /** @type {{ UPSTREAM_PAGES: ReadonlySet<string> }} */
  const { UPSTREAM_PAGES } = await tsImport('../../src/app/upstream/modules.ts', import.meta.url);
  const kept = filesUnder(PAGES_DIR).filter((file) => {
    const route = routeOf(file);
    return UPSTREAM_PAGES.has(route) || route === '/404' || route.startsWith('/api/');
  });
  const missing = [...UPSTREAM_PAGES].filter((route) => !kept.some((file) => routeOf(file) === route));
  if (missing.length > 0) throw new Error(`Edge build: no page file for ${missing.join(', ')} (src/app/upstream/modules.ts lists them).`);
  return new Set(kept);
}

/** @param {string} file */
function notServedHere(file) {
  if (file.endsWith('.astro')) return '---\nreturn new Response(null, { status: 404 });\n---\n';
  return "export const prerender = false;\nexport const ALL = () => new Response('Not found.', { status: 404 });\n";
}

/** @param {string} source */
function packageOf(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * @param {{ pageFiles: ReadonlySet<string> }} options
 * @returns {import('vite').Plugin}
 */
export function edgeBuild({ pageFiles }) {
  /** Who first imported each module: the chain a refusal names. @type {Map<string, string>} */
  const importedBy = new Map();
  return {
    name: 'staff-portal:edge-build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (NODE_ONLY_PACKAGES.includes(packageOf(source) ?? '')) {
        const chain = [];
        for (let id = importer; id && chain.length < 12; id = importedBy.get(id)) chain.push(path.relative(ROOT, id));
        this.error(`Edge build: ${source} is the embedded backend's (Node only), reached through ${chain.join(' <- ')}. Upstream code must not import it.`);
      }
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id === EMBEDDED_ENTRY) return NO_EMBEDDED;
      const manifestOf = MANIFEST.exec(importer)?.[1];
      if (manifestOf && source === './embedded') return `${NO_EMBEDDED_MODULE}${manifestOf}`;
      if (resolved && !importedBy.has(resolved.id)) importedBy.set(resolved.id, importer);
      return resolved;
    },
    load(id) {
      if (id === NO_EMBEDDED) {
        return "export function embeddedPortal() { throw new Error('Invalid configuration: the edge build serves upstream mode only (set PORTAL_BACKEND=upstream and PORTAL_UPSTREAM_URL).'); }";
      }
      // The manifest re-exports `<module>Module` (its embedded side): here it is undefined.
      if (id.startsWith(NO_EMBEDDED_MODULE)) return `export const ${id.slice(NO_EMBEDDED_MODULE.length)}Module = undefined;`;
      const file = id.split('?')[0] ?? id;
      if (file.startsWith(PAGES_DIR) && !id.includes('?') && !pageFiles.has(file)) return notServedHere(file);
      return null;
    },
  };
}
