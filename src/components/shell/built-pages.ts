/**
 * The portal's screens that exist: one per page file (src/pages), read when the build bundles
 * the shell. Menus and quick links show a screen whose module has not landed yet as 'Coming
 * soon' instead of linking to a 404; each shows up as a link the day its page file is added.
 */
const PAGE_FILES = Object.keys(import.meta.glob('../../pages/**/*.astro'));

/** The address of a page file (`../../pages/website/posts.astro` -> `/website/posts`); null for a dynamic route. */
export function pagePath(file: string): string | null {
  const route = file.replace(/^.*?\/pages/, '').replace(/\.astro$/, '').replace(/\/index$/, '');
  return route.includes('[') ? null : route || '/';
}

const BUILT = new Set(PAGE_FILES.map(pagePath).filter((path): path is string => path !== null));

/** Whether a menu's link leads to a screen that exists (its query and fragment aside). */
export function isBuilt(href: string, built: ReadonlySet<string> = BUILT): boolean {
  return built.has(href.split(/[?#]/)[0] ?? href);
}
