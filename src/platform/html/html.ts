import sanitizeHtml from 'sanitize-html';
import { isRefusal } from '../errors';
import { assertHtmlWithinLimits, htmlLimitRefusal, MAX_HTML_DEPTH } from './html-limits';

/**
 * sanitize-html within the limits of html-limits.ts, the one way user HTML is sanitised: the
 * linear check first (its Refusal, before any parsing), then the sanitiser with a guard on the
 * nesting depth its parser really reaches. The check never counts less depth than the parser
 * reaches, so the guard should never fire; it is there so that the limit holds even if the
 * check and the parser ever disagree.
 */
export function sanitizeWithinLimits(html: string, options: sanitizeHtml.IOptions): string {
  assertHtmlWithinLimits(html);
  let depth = 0;
  return sanitizeHtml(html, {
    ...options,
    onOpenTag: () => {
      depth += 1;
      // +1: a void element is opened (and closed at once) on top of a full stack.
      if (depth > MAX_HTML_DEPTH + 1) throw htmlLimitRefusal('depth');
    },
    onCloseTag: () => {
      depth -= 1;
    },
  });
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'code', 'blockquote', 'h4', 'h5', 'h6'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/**
 * Sanitiser for short provider texts (changelog bodies): formatting and links only. Throws
 * the limit's Refusal for a text beyond the limits. Module content (posts, newsletters) gets its own,
 * wider allow-list in its module.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeWithinLimits(html, RICH_TEXT_OPTIONS);
}

/** Rich text a contract promises sanitised (the changelog): sanitised, or empty when it is too large to sanitise. */
export function sanitizedOrEmpty(html: string): string {
  try {
    return sanitizeRichText(html);
  } catch (error) {
    if (isRefusal(error)) return '';
    throw error;
  }
}
