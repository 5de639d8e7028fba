/**
 * Limits on user HTML (posts, pages, imports, changelog texts), checked with one linear pass
 * before anything parses the HTML for real.
 *
 * Why: sanitize-html's parser (htmlparser2) does work proportional to the nesting depth for every
 * tag, so deeply nested input costs quadratic time on the server's only thread: 300,000 unclosed
 * <div>s took 95 s. Browsers cap nesting near 512 themselves.
 *
 * How the numbers were chosen (measured on this project's 2-core machine, check plus
 * sanitizeContent of src/modules/website/server/embedded/content/sanitize.ts, median of 5): the largest item of
 * fixtures/wordpress (WordPress's theme test data, 79 posts and pages) is 38,240 characters with
 * 378 elements, so these limits sit far above what school content reaches. Sanitising
 * costs about 0.2-0.4 ms per 1,000 characters of dense markup (srcset lists, entities,
 * attributes) and 5-7 ms per 1,000 elements, so the worst documents found at these limits
 * (dense srcsets, entities or links at 250,000 characters, 10,000 elements under 255 levels)
 * took 45-100 ms, half a save's 200 ms budget. With 500,000 characters and 20,000 elements the
 * same kinds of document took 250-400 ms.
 */

import { Refusal } from '../errors';
import { measureHtml } from './html-shape';
import { HTML_LIMIT_MESSAGES, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_HTML_LENGTH, type HtmlLimitReason } from '../../lib/contract/html-limits';

export { HTML_LIMIT_MESSAGES, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_HTML_LENGTH, type HtmlLimitReason };

export type HtmlLimitCheck = { ok: true } | { ok: false; reason: HtmlLimitReason; message: string };

/** The refusal of HTML beyond a limit: too long is 413 (too_large), too deep or too many elements 400 (invalid). */
export function htmlLimitRefusal(reason: HtmlLimitReason): Refusal {
  return reason === 'length' ? new Refusal(413, 'too_large', HTML_LIMIT_MESSAGES[reason]) : new Refusal(400, 'invalid', HTML_LIMIT_MESSAGES[reason]);
}

/**
 * ok, or the first limit the HTML exceeds with its message. Linear in the length of `html`, and
 * it stops at the first tag beyond a limit: 83,000 nested <b>s are refused after 257 of them
 * (300,000 <div>s, 1.5 million characters, are refused by their size before any scan).
 */
export function checkHtmlLimits(html: string): HtmlLimitCheck {
  if (html.length > MAX_HTML_LENGTH) return refusal('length');
  const shape = measureHtml(html, { depth: MAX_HTML_DEPTH, elements: MAX_HTML_ELEMENTS });
  if (shape.depth > MAX_HTML_DEPTH) return refusal('depth');
  if (shape.elements > MAX_HTML_ELEMENTS) return refusal('elements');
  return { ok: true };
}

/** Throws the limit's Refusal (htmlLimitRefusal) when `html` exceeds a limit. */
export function assertHtmlWithinLimits(html: string): void {
  const check = checkHtmlLimits(html);
  if (!check.ok) throw htmlLimitRefusal(check.reason);
}

function refusal(reason: HtmlLimitReason): HtmlLimitCheck {
  return { ok: false, reason, message: HTML_LIMIT_MESSAGES[reason] };
}
