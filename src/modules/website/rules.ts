/**
 * The website's plain rules (no zod): islands import these without shipping the schemas, and
 * the contract re-exports them so the server sees one module.
 */

/** Spec section 9: every website table shows 10 rows a page; the API allows up to 100. */
export const WEBSITE_PAGE_SIZE = 10;
// Every module's lists share these (lib); the website's files take them from here as before.
export { MAX_PAGE_LIMIT, MAX_QUERY_LENGTH, totalPages } from '../../lib/lists/paging';

export { THUMBNAIL_SIZE, THUMBNAIL_SUFFIX, thumbnailUrl } from '../../lib/media-names';

/* Limits (characters) of what authors type; the columns hold exactly these. */

/** A post's or page's title: the editor's field, saves, imports and the search column. */
export const MAX_ITEM_TITLE_LENGTH = 1000;
/** A gallery's title. */
export const MAX_GALLERY_TITLE_LENGTH = 300;
/** A gallery image's alt text and caption (the public slider's img alt and the text under it). */
export const MAX_GALLERY_ALT_LENGTH = 250;
export const MAX_GALLERY_CAPTION_LENGTH = 300;
/** An upload's title and the file name it keeps (for downloads). */
export const MAX_UPLOAD_NAME_LENGTH = 300;
/** A category's name. */
export const MAX_CATEGORY_NAME_LENGTH = 200;

/* Manage Posts' list choices: the posts call's `?status=&sort=` and the list's address (the first of each is the default) */

/** Which posts: all, published ('Public') or not ('Hidden'). */
export const POST_LIST_STATUSES = ['all', 'public', 'hidden'] as const;
export type PostListStatus = (typeof POST_LIST_STATUSES)[number];
/** Their order: newest first, oldest first, title A–Z, title Z–A. */
export const POST_LIST_SORTS = ['date', 'date-asc', 'title', 'title-desc'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];
/** Posts one bulk action may change. */
export const MAX_BULK_IDS = 100;
export const BULK_POST_ACTIONS = ['hide', 'publish', 'delete'] as const;
export type BulkPostAction = (typeof BULK_POST_ACTIONS)[number];

/** Spec section 8: posts failures (Manage Posts, and App > Send Notification's list of the same posts). */
export const POSTS_FAILURE = 'Error! Please try again.';

/* Defaults */

/** The category a new post starts with ticked (spec section 8). */
export const DEFAULT_POST_CATEGORY = 'Newsflash';
/** The category newsletter sends post under. */
export const NEWSLETTER_CATEGORY = 'Newsletters';
/** Categories every school's website has from the start: the ones the portal's screens preselect. */
export const DEFAULT_CATEGORIES = [DEFAULT_POST_CATEGORY, NEWSLETTER_CATEGORY] as const;

/* Ids */

/** An id of a post, page, category, gallery or image: a positive whole number JavaScript holds exactly. */
export function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/**
 * An id written in an address (`?id=`): decimal digits, no sign, no leading zero, and `isId`.
 * Null for anything else (absent, empty or malformed). The API's request bodies and paths use
 * the contract's `idSchema`, the same rule with a message per problem.
 */
export function parseId(text: string | null | undefined): number | null {
  if (text == null || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const value = Number(text);
  return isId(value) ? value : null;
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

export { gallerySliderShortcode, GALLERY_SLIDER_PATTERN } from '../../lib/editor-html/shortcodes';
