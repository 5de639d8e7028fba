/**
 * The website's plain rules (no zod): islands import these without shipping the schemas, and
 * the contract re-exports them so the server sees one module.
 */

/** Spec section 9: every website table shows 10 rows a page; the API allows up to 100. */
export const WEBSITE_PAGE_SIZE = 10;
export const MAX_PAGE_LIMIT = 100;

/**
 * Pages in a list: ceil(total / limit), but at least 1 so that page 1 always exists (an empty
 * list is "page 1 of 1"); a page past the end answers an empty list with the same total_pages.
 */
export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The thumbnail address of an image: `-150x150` before the extension (spec: galleries). */
export function thumbnailUrl(src: string): string {
  return src.replace(/(\.[a-z0-9]+)?$/i, (ext) => `-150x150${ext}`);
}

/**
 * Content the editor must not open: a page or post holding one of these is Locked (spec
 * section 4). Substrings, matched case-sensitively as the plugins write them.
 */
export const LOCKED_CONTENT_MARKERS = [
  // A page-builder layout (WPBakery rows): the editor would flatten its nested shortcodes.
  '[vc_row',
  // A table styled with border rules by a table plugin: the editor cannot keep the rule.
  'border-collapse:',
  // A form plugin's shortcode (Gravity Forms): the form is edited in the plugin, not here.
  '[gravityform',
] as const;

export function isLockedContent(content: string): boolean {
  return LOCKED_CONTENT_MARKERS.some((marker) => content.includes(marker));
}

/** The gallery slider shortcode the editor inserts and the public site renders. */
export function gallerySliderShortcode(galleryId: number): string {
  return `[gallery_slider id="${galleryId}"]`;
}
export const GALLERY_SLIDER_PATTERN = /\[gallery_slider id="(\d+)"\]/g;
