/**
 * What signed-in pages load their first HTML with, whichever backend serves them: each backend's
 * page middleware sets `locals.loaders`, the embedded services' (./embedded-page-loaders.ts) or the
 * legacy backend's (./upstream-page-loaders.ts). The embedded side is the contract: upstream's has
 * the same loaders with the same answers. Pages ask `Astro.locals.loaders`, never a backend, so an
 * upstream build reaches no embedded code through them.
 */
import type { EMBEDDED_PAGE_LOADERS } from './embedded-page-loaders';

export type PageLoaders = typeof EMBEDDED_PAGE_LOADERS;
