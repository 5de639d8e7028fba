import type { Db } from '../db';
import { getGallery } from './galleries';
import { expandGallerySliders } from './content-shortcodes';
import { htmlToText } from './sanitize';

/**
 * Content as the public site shows it: the stored HTML with its gallery slider shortcodes
 * expanded into the school's galleries. It is not sanitised again: every write path (save,
 * import) has always sanitised content before storing it, rows stored before the size and depth
 * limits included, so a view costs no parsing. (Re-sanitising on every view let one deeply
 * nested post hold the server's only thread for seconds per anonymous visit.)
 */
export function renderSiteContent(db: Db, domainId: number, html: string): Promise<string> {
  return expandGallerySliders(html, (id) => getGallery(db, domainId, id));
}

const SHORTCODE = /\[\/?[a-z_][\w-]*(?:\s[^\]]*)?\]/gi;
/** A shortcode cut off where the text read for an excerpt ends. */
const CUT_SHORTCODE = /\[[^\]]*$/;

/**
 * Characters of text read for an excerpt (a word break counted for each tag): far more than 40
 * words, shortcodes included, yet a fixed cost however long or deeply nested the post (the
 * site's home shows an excerpt of each of ten posts: about 2 ms each for a stored post of
 * 20,000 nested <div>s, where sanitize-html took 130-250 ms).
 */
const EXCERPT_TEXT_LENGTH = 4_000;

/** The first words of a post for the site's list: text only, without shortcodes. */
export function excerptOf(html: string, words = 40): string {
  const read = htmlToText(html, EXCERPT_TEXT_LENGTH);
  // Only content longer than what is read can have its text cut inside a shortcode.
  const whole = html.length > EXCERPT_TEXT_LENGTH ? read.replace(CUT_SHORTCODE, '') : read;
  const text = whole.replace(SHORTCODE, ' ').replace(/\s+/g, ' ').trim();
  const list = text.split(' ');
  return list.length <= words ? text : `${list.slice(0, words).join(' ')}…`;
}
