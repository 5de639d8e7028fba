// @ts-check
/**
 * Tabler's stylesheet, cut to what the staff pages use, at build time.
 *
 * `@tabler/core/dist/css/tabler.min.css` (imported by Shell.astro and Auth.astro) is ~620 KB, most
 * of it components the portal never renders. `npm run build` runs PurgeCSS (its PostCSS plugin) on
 * that one file and on nothing else: our own CSS, the components' <style> blocks, the vendors'
 * stylesheets (Editor.js, Uppy, toastify) and the public site's CSS go through untouched. The
 * result is still one hashed file shared by both layouts. `astro dev` serves the full file.
 *
 * A Tabler rule is kept when every class, tag, id and attribute of its selector appears as a word
 * in one of the CONTENT files: every source that can put a class in the DOM (ours, and the
 * third-party code that builds DOM at run time). What cannot be seen as a literal word is in
 * SAFELIST. tests/e2e/css-coverage.spec.ts proves it on the built pages: every class in their DOM
 * that the full Tabler styles is still styled, and key elements compute the same styles with the
 * full and the cut stylesheet.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';

const require = createRequire(import.meta.url);

/** The stylesheet the layouts import, and the only one this plugin cuts. */
export const TABLER_CSS = require.resolve('@tabler/core/dist/css/tabler.min.css');

/**
 * Files whose words keep Tabler rules (globs relative to the project root). Each must match at
 * least one file, or the build fails (a vendor moving its bundle must not drop rules in silence).
 */
export const CONTENT = [
  // Ours: pages, layouts, components, islands, stores, the shell script, theme.ts, and the server
  // (the sanitiser's tag list: school content shown in the editor and the drawer).
  'src/**/*.{astro,tsx,ts}',
  // DOM the islands' libraries create at run time.
  'node_modules/@editorjs/*/dist/*.mjs',
  'node_modules/editorjs-undo/dist/bundle.js',
  'node_modules/editorjs-text-alignment-blocktune/dist/bundle.js',
  'node_modules/react-editor-js/dist/react-editor-js.js',
  'node_modules/@uppy/*/lib/**/*.js',
  'node_modules/toastify-js/src/toastify.js',
  'node_modules/sortablejs/modular/sortable.esm.js',
];

/**
 * What the content cannot show as a literal word. A `standard` entry makes that class, tag or
 * attribute count as present (the rest of the selector must still be used); `greedy` keeps every
 * selector with a matching part; `deep` would keep a matching selector's descendants too (none
 * needed: no Tabler container is filled with classes we cannot list).
 * @type {{ standard: Array<string | RegExp>, deep: RegExp[], greedy: RegExp[], keyframes: Array<string | RegExp> }}
 */
export const SAFELIST = {
  standard: [
    // State classes scripts add or toggle (Bootstrap's and ours: dropdowns, lists, forms).
    'show', 'showing', 'hiding', 'fade', 'collapse', 'collapsing', 'collapsed', 'active', 'disabled', 'open',
    'is-invalid', 'is-valid', 'was-validated',
    // The colour scheme: src/lib/theme.ts sets data-bs-theme on <html> (and Tabler's theme
    // builder uses data-bs-theme-*); any value counts.
    /^data-bs-theme/,
    // Tabler matches class and style substrings ([class^=col-], [class*=" bg-"], [style*=background]):
    // PurgeCSS cannot tell which substrings our classes have, so such a part always counts.
    'class', 'style',
  ],
  deep: [],
  greedy: [
    // Classes the vendors' code adds at run time (Editor.js, Uppy, toastify, SortableJS): any
    // Tabler rule about them stays (Tabler styles SortableJS's sortable-chosen and sortable-drag,
    // which the gallery grid's tiles get while dragged).
    /^(ce|cdx|uppy|sortable)-/,
    /^toastify/,
  ],
  // Used through a custom property (--tblr-spinner-animation-name), which PurgeCSS does not follow.
  keyframes: [/^spinner-/],
};

/**
 * PurgeCSS options for Tabler, with the content globs made absolute for `root`.
 * @param {string} root the project's root folder
 */
export function purgeOptions(root) {
  const content = CONTENT.map((glob) => path.join(root, glob).split(path.sep).join('/'));
  for (const glob of content) {
    if (fs.globSync(glob).length === 0) throw new Error(`src/styles/tabler-purge.mjs: no file matches ${glob}`);
  }
  return {
    content,
    // Tests beside the code are not shipped: their words must not keep rules (or hide a missing safelist entry).
    skippedContentGlobs: [path.join(root, 'src/**/*.test.ts').split(path.sep).join('/')],
    safelist: SAFELIST,
    // Keep every custom property: components read Tabler's variables through var() chains
    // PurgeCSS cannot follow, and our own CSS uses them (--tblr-primary, ...).
    variables: false,
    // Drop @keyframes no kept rule animates with (the safelist above keeps the indirect ones).
    keyframes: true,
    fontFace: true,
    rejected: false,
  };
}

/**
 * A PostCSS plugin that runs PurgeCSS on Tabler's stylesheet only.
 * @param {string} root the project's root folder
 * @returns {import('postcss').Plugin}
 */
export function purgeTablerPostcss(root) {
  const purge = /** @type {import('postcss').Plugin & { OnceExit: NonNullable<import('postcss').Plugin['OnceExit']> }} */ (
    purgeCSSPlugin(purgeOptions(root))
  );
  return {
    postcssPlugin: 'staff-portal:purge-tabler',
    OnceExit(css, helpers) {
      const file = css.source?.input.file;
      if (!file || path.resolve(file.replace(/[?#].*$/, '')) !== TABLER_CSS) return;
      return purge.OnceExit(css, helpers);
    },
  };
}

/**
 * The Vite plugin (astro.config.mjs): adds the PostCSS plugin above for builds only. (An inline
 * PostCSS config makes Vite skip postcss.config.* files: another PostCSS plugin goes here too.)
 * @returns {import('vite').Plugin}
 */
export function purgeTabler() {
  return {
    name: 'staff-portal:purge-tabler',
    apply: 'build',
    config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      return { css: { postcss: { plugins: [purgeTablerPostcss(root)] } } };
    },
  };
}
