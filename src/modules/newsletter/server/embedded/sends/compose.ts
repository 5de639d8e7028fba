import { convert } from 'html-to-text';
import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';

/**
 * A newsletter's email from the website post it is published as: the post's stored (sanitised)
 * HTML with its site-relative addresses made absolute (a mail client has no page to resolve them
 * against), a 'View in your browser' link first, and a plain-text alternative.
 */
export function absoluteAddresses(html: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${base}/`);
}

/** The plain text's links (`text [/uploads/…]`, as html-to-text writes them) made absolute the same way. */
export function absoluteTextLinks(text: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return text.replace(/\[\/(?!\/)/g, `[${base}/`);
}

export function newsletterHtml(postHtml: string, viewUrl: string, origin: string): string {
  return `<p style="margin:0 0 16px;font:12px/1.5 Arial,sans-serif;color:#6b7280"><a href="${escapeAttribute(viewUrl)}" style="color:#6b7280">View in your browser</a></p>${absoluteAddresses(postHtml, origin)}`;
}

/** The plain-text alternative of an HTML message (links as `text [url]`, lines wrapped at 78). */
export function plainText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

/** The paragraph a post ends with when its newsletter had an attachment. */
export function attachmentParagraph(url: string, name: string): string {
  return `<p><a href="${escapeAttribute(url)}">${escapeText(name)}</a></p>`;
}
