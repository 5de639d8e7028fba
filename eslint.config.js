// @ts-check
/**
 * Lint = the architecture's arrows (docs/architecture.md, "Arrows") plus a few rules the type
 * checker does not cover. Run by `npm test` (`npm run lint`). Unused code is the type checker's
 * job (noUnusedLocals / noUnusedParameters in tsconfig.json).
 */
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/**
 * Every source file is exactly one element (first match wins); the rule below says which
 * elements each may import. A module is a folder of src/modules (docs/architecture.md), found by
 * the pattern's `*`, so adding one touches no list here. `mode: 'full'` matches a pattern against
 * the whole path: v7 calls it deprecated (it prints a notice) but its replacement classifies
 * folders only, and a module's faces and its browser-safe root files are single files.
 *
 * Modules meet only at their public faces (listed before the broader patterns they sit in):
 * `index.ts` (browser-safe, zod-free), `schemas.ts` (zod schemas another contract builds on),
 * `client/index.ts` (islands another module's islands show) and `server/index.ts` (the server
 * functions other modules call). Inside its own module a file imports as before.
 */
const ELEMENTS = [
  { type: 'lib', pattern: 'src/lib/**', mode: 'full' },
  { type: 'module-public', pattern: 'src/modules/*/index.ts', mode: 'full', capture: ['module'] },
  { type: 'module-schemas', pattern: 'src/modules/*/schemas.ts', mode: 'full', capture: ['module'] },
  // A module's browser-safe root: its contract (schemas, call table, rules) and shared helpers.
  { type: 'module-shared', pattern: 'src/modules/*/*.ts', mode: 'full', capture: ['module'] },
  { type: 'module-islands-public', pattern: 'src/modules/*/client/index.ts', mode: 'full', capture: ['module'] },
  { type: 'stores', pattern: 'src/modules/*/client/stores/**', mode: 'full', capture: ['module'] },
  { type: 'islands', pattern: 'src/modules/*/client/islands/**', mode: 'full', capture: ['module'] },
  { type: 'browser-scripts', pattern: 'src/modules/*/client/*.ts', mode: 'full', capture: ['module'] },
  { type: 'ui-stores', pattern: 'src/ui/stores/**', mode: 'full' },
  { type: 'ui', pattern: 'src/ui/**', mode: 'full' },
  // A module's Astro parts of its screens.
  { type: 'components', pattern: 'src/modules/*/components/**', mode: 'full', capture: ['module'] },
  { type: 'views', pattern: ['src/pages/**', 'src/layouts/**'], mode: 'full' },
  // Where the process is wired: the only server code that names every module.
  { type: 'composition', pattern: ['src/middleware.ts', 'src/app/**'], mode: 'full' },
  { type: 'module-server-public', pattern: 'src/modules/*/server/index.ts', mode: 'full', capture: ['module'] },
  { type: 'module', pattern: 'src/modules/*/server/**', mode: 'full', capture: ['module'] },
  { type: 'platform', pattern: 'src/platform/**', mode: 'full' },
];

/**
 * An element of the same module as the importing file.
 * @param {string} type
 */
const sameModule = (type) => ({ type, captured: { module: '{{ from.element.captured.module }}' } });

/** Its own module's root files (faces included), any module's browser-safe face, and lib: what browser code may import. */
const SHARED = [sameModule('module-shared'), sameModule('module-schemas'), 'module-public', 'lib'];
/** What a contract and server code may import beyond SHARED: another module's schemas (zod, never in the browser). */
const SCHEMAS = ['module-schemas'];

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
    // The build, dev and bench tools and the configs: JavaScript that Node runs, checked by no compiler.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // Every TypeScript file (src, tests, the bench's): JavaScript's own mistakes, less what the type
    // checker already reports (eslintRecommended turns those off).
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.base, tseslint.configs.eslintRecommended],
    rules: {
      // The type checker's job (noUnusedLocals / noUnusedParameters), which also knows type-only uses.
      'no-unused-vars': 'off',
      // Inputs are checked for control characters on purpose (names, addresses, CSV cells).
      'no-control-regex': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // What the server process loads with Node's own type stripping (src/app/serve.ts): Node resolves
    // no extensionless import and runs no syntax that needs compiling.
    files: ['src/app/start.ts', 'src/app/serve.ts', 'src/platform/server/**/*.ts', 'src/platform/config.ts', 'src/platform/errors.ts', 'src/platform/mail/smtp/mail-url.ts', 'src/platform/http/envelope.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\.?/(?!.*\\.ts$)', allowTypeImports: true, message: 'Node loads this file as it is: name the imported file with its .ts extension.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        ...['TSEnumDeclaration', 'TSModuleDeclaration', 'TSParameterProperty', 'TSImportEqualsDeclaration'].map((selector) => ({
          selector,
          message: 'Node loads this file as it is (type stripping): erasable TypeScript only.',
        })),
      ],
    },
  },
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
            may('lib', ['lib']),
            // A face re-exports its own module's files only.
            may('module-public', [sameModule('module-shared'), 'lib']),
            may('module-schemas', [sameModule('module-shared'), 'lib']),
            may('module-islands-public', [sameModule('islands')]),
            may('module-server-public', [sameModule('module'), ...SHARED]),
            may('module-shared', [...SHARED, ...SCHEMAS]),
            may('stores', [sameModule('stores'), 'ui-stores', ...SHARED]),
            may('ui-stores', ['ui-stores', 'lib']),
            // Shared UI knows no module: what it shows comes in by props (a module's types by its face).
            may('ui', ['ui', 'ui-stores', 'module-public', 'lib']),
            may('islands', [sameModule('islands'), 'module-islands-public', 'ui', sameModule('stores'), 'ui-stores', ...SHARED]),
            may('browser-scripts', [sameModule('stores'), 'ui-stores', ...SHARED]),
            // A module's screens: its own islands and server, other modules' faces; the layouts and the composition.
            may('components', [sameModule('components'), 'views', sameModule('islands'), 'ui', sameModule('module'), 'module-server-public', 'platform', 'composition', ...SHARED, ...SCHEMAS]),
            // Pages render islands and call their module's page loader (no HTTP to themselves); the
            // API entry and the sidebar read the composition (the API app, the modules' menus).
            may('views', ['views', 'components', 'islands', 'ui', 'module', 'module-server-public', 'platform', 'composition', 'module-shared', ...SHARED, ...SCHEMAS]),
            // A module uses the platform, its own files and other modules' faces, never their insides.
            may('module', [sameModule('module'), 'module-server-public', 'platform', ...SHARED, ...SCHEMAS]),
            // The platform (db, http, auth, media, jobs, mail) imports no module.
            may('platform', ['platform', 'lib']),
            may('composition', ['composition', 'module', 'module-server-public', 'module-shared', 'platform', ...SHARED, ...SCHEMAS]),
          ],
        },
      ],
    },
  },
);
