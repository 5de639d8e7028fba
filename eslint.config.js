// @ts-check
/**
 * Lint = the architecture's arrows (docs/architecture.md, "Arrows") plus a few rules the type
 * checker does not cover. Run by `npm test` (`npm run lint`). Unused code is the type checker's
 * job (noUnusedLocals / noUnusedParameters in tsconfig.json).
 */
import { readFileSync } from 'node:fs';
import boundaries from 'eslint-plugin-boundaries';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/**
 * The server modules, read from their one list (src/server/modules.ts imports each manifest as
 * `import { xModule } from './<folder>'`), so adding a module touches no other central file.
 */
const MODULES = [...readFileSync(new URL('./src/server/modules.ts', import.meta.url), 'utf8').matchAll(/^import \{ \w+Module \} from '\.\/([\w-]+)';$/gm)].map(
  (match) => match[1],
);
if (MODULES.length === 0) throw new Error('eslint.config.js: no module imports found in src/server/modules.ts');

/**
 * Every source file is exactly one element (first match wins); the rule below says which
 * elements each may import. `mode: 'full'` matches a pattern against the whole path: v7 calls it
 * deprecated (it prints a notice) but its replacement classifies folders only, and the
 * composition and a module's service are single files.
 */
const ELEMENTS = [
  { type: 'contracts', pattern: 'src/contracts/**', mode: 'full' },
  { type: 'lib', pattern: 'src/lib/**', mode: 'full' },
  { type: 'stores', pattern: 'src/stores/**', mode: 'full' },
  { type: 'ui', pattern: 'src/islands/ui/**', mode: 'full' },
  { type: 'islands', pattern: 'src/islands/*/**', mode: 'full', capture: ['module'] },
  { type: 'browser-scripts', pattern: 'src/scripts/**', mode: 'full' },
  { type: 'views', pattern: ['src/pages/**', 'src/layouts/**', 'src/components/**'], mode: 'full' },
  {
    // Where the process is wired: the only server code that names every module.
    type: 'composition',
    pattern: [
      'src/middleware.ts',
      'src/server/{modules,shell-modules,upstream-modules,page-loaders,embedded-page-loaders,upstream-page-loaders,api,process,portal,embedded-portal}.ts',
      'src/server/{http,upstream}/page-middleware.ts',
      'src/server/upstream/portal.ts',
      'src/server/cli/{commands,main}.ts',
      'src/server/seed/**',
    ],
    mode: 'full',
  },
  // A module's service is its face to other modules ("modules call each other's services").
  { type: 'module-service', pattern: `src/server/{${MODULES.join(',')}}/service.ts`, mode: 'full', capture: ['module'] },
  { type: 'module', pattern: `src/server/{${MODULES.join(',')}}/**`, mode: 'full', capture: ['module'] },
  { type: 'infrastructure', pattern: 'src/server/**', mode: 'full' },
];

const SHARED = ['contracts', 'lib'];

/**
 * An element of the same module as the importing file.
 * @param {string} type
 */
const sameModule = (type) => ({ type, captured: { module: '{{ from.element.captured.module }}' } });

/**
 * `from` may import the listed element types (a type name, or an element selector).
 * @param {string} from
 * @param {Array<string | { type: string, captured: Record<string, string> }>} targets
 */
const may = (from, targets) => ({
  from: { element: { type: from } },
  allow: targets.map((target) => ({ to: { element: typeof target === 'string' ? { type: target } : target } })),
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-edge/**', '.wrangler/**', 'data/**', '.astro/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    rules: {
      // Types are inferred from the contracts' schemas; an `any` breaks that chain silently.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...astro.configs['flat/base'],
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['src/**/*'],
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{ from.element.type }} must not import {{ to.element.type }} (docs/architecture.md, "Arrows")',
          policies: [
            may('contracts', SHARED),
            may('lib', SHARED),
            may('stores', ['stores', ...SHARED]),
            // Shared UI knows no module: what it shows comes in by props.
            may('ui', ['ui', ...SHARED]),
            may('islands', [sameModule('islands'), 'ui', 'stores', ...SHARED]),
            may('browser-scripts', ['stores', ...SHARED]),
            // Pages render islands and call their module's page loader (no HTTP to themselves); the
            // API entry and the sidebar read the composition (the API app, the modules' menus).
            may('views', ['views', 'islands', 'ui', 'module', 'module-service', 'infrastructure', 'composition', ...SHARED]),
            // A module uses the infrastructure, its own files and other modules' services, never their insides.
            may('module', [sameModule('module'), 'module-service', 'infrastructure', ...SHARED]),
            may('module-service', [sameModule('module'), 'module-service', 'infrastructure', ...SHARED]),
            // Infrastructure (db, http, auth, media, jobs, mail) imports no module.
            may('infrastructure', ['infrastructure', ...SHARED]),
            may('composition', ['composition', 'module', 'module-service', 'infrastructure', ...SHARED]),
          ],
        },
      ],
    },
  },
);
