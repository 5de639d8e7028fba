import type { Db } from '../db';
import { getGallery } from './galleries';
import { expandGallerySliders } from './content-shortcodes';
import { htmlToText, sanitizeContent } from './sanitize';

/**
 * Content as the public site shows it: sanitised again on the way out (a row may predate the
 * current rules; the sanitiser is idempotent, so clean content is unchanged), then the gallery
 * slider shortcodes expanded into the school's galleries.
 */
export function renderSiteContent(db: Db, domainId: number, html: string): Promise<string> {
  return expandGallerySliders(sanitizeContent(html), (id) => getGallery(db, domainId, id));
}

const SHORTCODE = /\[\/?[a-z_][\w-]*(?:\s[^\]]*)?\]/gi;

/** The first words of a post for the site's list: text only, without shortcodes. */
export function excerptOf(html: string, words = 40): string {
  const text = htmlToText(html).replace(SHORTCODE, ' ').replace(/\s+/g, ' ').trim();
  const list = text.split(' ');
  return list.length <= words ? text : `${list.slice(0, words).join(' ')}…`;
}
