// The work pool's threads (src/platform/work/pool.ts) start from a module of their own, not from the
// server's chunks: at the end of `astro build` this bundles src/app/work-entry.ts (every
// module's tasks) into <server dir>/work-entry.mjs, next to entry.mjs, where process.ts looks for
// it. Packages stay imports of node_modules, as in the server's own chunks.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const WORK_ENTRY_SOURCE = 'src/app/work-entry.ts';

/** @returns {import('astro').AstroIntegration} */
export default function workEntryBundle() {
  /** @type {URL | undefined} */
  let serverDir;
  let root = '';
  return {
    name: 'staff-portal:work-entry',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) throw new Error('work-entry: the server output folder is unknown.');
        const outfile = fileURLToPath(new URL('work-entry.mjs', serverDir));
        await build({
          absWorkingDir: root,
          entryPoints: [WORK_ENTRY_SOURCE],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node22',
          packages: 'external',
          logLevel: 'warning',
        });
        logger.info(`bundled the work pool's entry: ${outfile}`);
      },
    },
  };
}
