import sanitizeHtml from 'sanitize-html';
import { Marked } from 'marked';
import { sanitizeWithinLimits } from '../../../../../platform/html/html';
import { HELPDESK_PATHS } from '../../../rules';

/**
 * A knowledgebase article's Markdown as safe HTML: marked renders it (raw HTML in the Markdown
 * included), then the sanitiser keeps formatting, lists, tables, code and links only. The page
 * titles the article with its h1, so the text's headings start at h2. Inside the helpdesk frame
 * a link to another article stays in the frame, a link to a portal screen opens it in the whole
 * window, and any other address in a new tab.
 */

const marked = new Marked({ gfm: true });

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'code',
    'pre',
    'kbd',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      if (href.startsWith(`${HELPDESK_PATHS.base}/`)) return { tagName, attribs: { href } };
      if (href.startsWith('/') && !href.startsWith('//')) return { tagName, attribs: { href, target: '_top' } };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
  },
};

export function renderArticle(markdown: string): string {
  return sanitizeWithinLimits(marked.parse(markdown, { async: false }), ARTICLE_OPTIONS);
}

/** The article's words without markup: what the search reads and the excerpt is cut from. */
export function articleText(markdown: string): string {
  return sanitizeWithinLimits(marked.parse(markdown, { async: false }), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lowercased, accents and other marks removed: 'Café' and 'cafe' search alike. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** About two lines of the article's text, cut at a word. */
export function excerptOf(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
