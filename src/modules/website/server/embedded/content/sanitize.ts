import sanitizeHtml from 'sanitize-html';
import { sanitizeWithinLimits } from '../../../../../platform/html/html';
import { pointsIntoPortal, withoutPortalAddresses } from './portal-addresses';
import { IFRAME_HOSTS, MAPS_ONLY_HOST } from '../../../../../lib/embeds';

/**
 * The sanitiser of website content (posts and pages): run once, when content is stored (save and
 * import); the public site shows the stored result as it is. It removes what can run (script/style
 * elements, on* handlers, javascript:, data: and other non-web URLs, iframes from unknown hosts,
 * dangerous CSS) and addresses that would make a visitor's browser call the portal itself (its
 * API or its login), and keeps what a school site uses: tables, inline styles, classes, images,
 * embeds from known video/map hosts, and shortcodes, which are plain text.
 *
 * Content beyond the limits of src/platform/html/html-limits.ts (size, nesting depth, element count) is
 * refused (a Refusal) before it is parsed: sanitize-html's cost grows with nesting depth
 * on every tag, so unbounded input could hold the server's one thread for minutes.
 *
 * Two properties the editor's lossless round trip relies on, and the unit tests check:
 * - idempotent: sanitizeContent(sanitizeContent(x)) === sanitizeContent(x);
 * - clean HTML is not rewritten beyond entity normalisation (style attributes are kept verbatim,
 *   not re-serialised; comments and unknown elements are the only things dropped).
 */

/** Hosts an <iframe> may load from (src/lib/embeds.ts, shared with the pages' CSP). */
const ALLOWED_IFRAME_HOSTS: ReadonlySet<string> = new Set(IFRAME_HOSTS);

/** True when an iframe address is https/http (or protocol-relative) on an allowed host. */
export function isAllowedIframeSrc(src: string): boolean {
  const value = src.trim();
  let url: URL;
  try {
    url = new URL(value.startsWith('//') ? `https:${value}` : value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (ALLOWED_IFRAME_HOSTS.has(host)) return true;
  return host === MAPS_ONLY_HOST && (url.pathname === '/maps' || url.pathname.startsWith('/maps/'));
}

/**
 * CSS that can load or run something: old IE expressions and behaviours, Mozilla bindings,
 * @import, and url() with any scheme other than http(s) or a relative path. Comments and CSS
 * escapes are folded first so `exp/**\/ression(` or `java\73 cript:` do not slip through.
 */
export function isDangerousStyle(style: string): boolean {
  const folded = style
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/\\(.)/g, '$1')
    .replace(/[\s\u0000]+/g, '')
    .toLowerCase();
  if (/expression\(|javascript:|vbscript:|-moz-binding|behavior:|@import|<\/?style/.test(folded)) return true;
  for (const match of folded.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (/^[a-z][a-z0-9+.-]*:/.test(target) && !/^https?:/.test(target)) return true;
    if (pointsIntoPortal(target)) return true;
  }
  return false;
}

const ALLOWED_TAGS = [
  // text and structure
  'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'address',
  'section', 'article', 'aside', 'header', 'footer', 'details', 'summary', 'center',
  // phrasing
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'big', 'sup', 'sub', 'abbr',
  'acronym', 'cite', 'q', 'dfn', 'kbd', 'samp', 'var', 'tt', 'time', 'bdi', 'bdo', 'wbr', 'font',
  // lists
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  // tables
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  // media
  'img', 'figure', 'figcaption', 'picture', 'source', 'audio', 'video', 'track', 'iframe',
];

const GLOBAL_ATTRIBUTES = ['class', 'id', 'style', 'align', 'title', 'alt', 'width', 'height', 'dir', 'lang', 'role', 'aria-*'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel', 'hreflang', 'type'],
    img: ['src', 'srcset', 'sizes', 'loading', 'decoding', 'border', 'hspace', 'vspace'],
    source: ['src', 'srcset', 'sizes', 'type', 'media'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    video: ['src', 'controls', 'loop', 'muted', 'preload', 'poster', 'playsinline'],
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    iframe: ['src', 'frameborder', 'allowfullscreen', 'allow', 'loading', 'referrerpolicy', 'scrolling'],
    font: ['color', 'face', 'size'],
    table: ['border', 'cellpadding', 'cellspacing', 'summary', 'bgcolor'],
    col: ['span', 'valign'],
    colgroup: ['span', 'valign'],
    tr: ['valign', 'bgcolor'],
    th: ['colspan', 'rowspan', 'scope', 'headers', 'valign', 'bgcolor', 'abbr'],
    td: ['colspan', 'rowspan', 'headers', 'valign', 'bgcolor'],
    ol: ['start', 'type', 'reversed'],
    ul: ['type'],
    li: ['value'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    time: ['datetime'],
    details: ['open'],
  },
  // Web links and mail/phone only: no javascript:, data:, vbscript:, file: ...
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowProtocolRelative: true,
  // Keep style attributes verbatim (re-serialising them would rewrite clean HTML); the
  // transform below drops a style that holds anything dangerous.
  parseStyleAttributes: false,
  // (sanitize-html's default allowedEmptyAttributes, ['alt'], keeps alt="" on decorative images.)
  selfClosing: ['img', 'br', 'hr', 'col', 'source', 'track', 'wbr'],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      const safe = withoutPortalAddresses(attribs);
      const style = safe.style;
      if (style !== undefined && isDangerousStyle(style)) {
        const { style: _dropped, ...rest } = safe;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs: safe };
    },
    // An iframe from anywhere else loses every attribute; sanitizeContent then removes it whole.
    iframe: (tagName, attribs) => ({ tagName, attribs: attribs.src && isAllowedIframeSrc(attribs.src) ? attribs : {} }),
  },
};

/**
 * An iframe stripped of its attributes above, with its fallback text (escaped: an iframe's content
 * is raw text, so it holds no `<`). Removed from the output in one linear pass: sanitize-html's
 * exclusiveFilter would cut its output string back once per iframe, quadratic with many of them,
 * and renaming the tag to a disallowed one trips a sanitize-html bug that renames the next
 * sibling's end tag.
 */
const DROPPED_IFRAME = /<iframe>[^<]*<\/iframe>/g;

/**
 * Sanitises website HTML (posts and pages) for storing. Throws the limit's Refusal, before any
 * parsing, for content beyond the limits.
 */
export function sanitizeContent(html: string): string {
  return sanitizeWithinLimits(html, OPTIONS).replace(DROPPED_IFRAME, '');
}

/** Elements whose content is not text (sanitize-html's nonTextTags): dropped with the element. */
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'option', 'xmp']);

const endTagPatterns = new Map<string, RegExp>();
function endTagPattern(name: string): RegExp {
  let pattern = endTagPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name}[\\s/>]`, 'gi');
    endTagPatterns.set(name, pattern);
  }
  return pattern;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Index just past the `>` that ends the tag whose attributes start at `from` (a quoted value may
 * hold `>`), or -1 when the input ends first.
 */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i += 1) {
    const c = html.charCodeAt(i);
    if (c === 62) return i + 1; // >
    if (c !== 61) continue; // =
    let j = i + 1;
    while (j < html.length && isSpace(html.charCodeAt(j))) j += 1;
    const quote = html[j];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, j + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/**
 * The text pieces of some HTML, tags replaced by `separator`, in one linear pass: unlike a
 * parser, its cost does not grow with nesting, so public views can afford it on any stored
 * content. Stops once `maxLength` characters (separators included) are collected, so a view
 * reads only the start of a long post. Entities stay encoded.
 */
function textPieces(html: string, separator: string, maxLength: number): string {
  const pieces: string[] = [];
  let length = 0;
  const add = (piece: string) => {
    pieces.push(piece);
    length += piece.length;
  };
  const n = html.length;
  let i = 0;
  while (i < n && length < maxLength) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      add(html.slice(i));
      break;
    }
    add(html.slice(i, lt));
    const next = html.charCodeAt(lt + 1);
    let after: number;
    if (isLetter(next)) {
      let end = lt + 2;
      for (let c = html.charCodeAt(end); end < n && c !== 47 && c !== 62 && !isSpace(c); c = html.charCodeAt(end)) end += 1;
      const name = html.slice(lt + 1, end).toLowerCase();
      after = tagEnd(html, end);
      if (after >= 0 && NON_TEXT_ELEMENTS.has(name)) {
        const close = endTagPattern(name);
        close.lastIndex = after;
        const found = close.exec(html);
        after = found ? tagEnd(html, found.index + 2) : -1;
      }
    } else if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 2);
      after = close < 0 ? -1 : close + 3; // an unclosed comment runs to the end
    } else if (next === 47 || next === 63 || next === 33) {
      after = tagEnd(html, lt + 2); // an end tag, <?...> or <!...>
    } else {
      add(`${separator}<`); // a `<` that starts no tag is text
      i = lt + 1;
      continue;
    }
    if (after < 0) break; // the input ends inside a tag, comment or non-text element
    add(separator);
    i = after;
  }
  const text = pieces.join('');
  return text.length > maxLength ? text.slice(0, maxLength) : text;
}

/**
 * Text pieces as display text: entities decoded (by sanitize-html, on text that holds no tag, so
 * its cost is linear) and spaces collapsed.
 */
function piecesToText(pieces: string): string {
  const escaped = sanitizeHtml(pieces.replace(/</g, '&lt;'), { allowedTags: [], allowedAttributes: {} });
  return decodeBasicEntities(escaped).replace(/\s+/g, ' ').trim();
}

/**
 * The text of some HTML, for excerpts: tags dropped (each a word break), entities decoded, spaces
 * collapsed. With `maxLength`, only about that many characters of text are read: an excerpt needs
 * its first words, not a whole long post.
 */
export function htmlToText(html: string, maxLength = Number.POSITIVE_INFINITY): string {
  return piecesToText(textPieces(html, ' ', maxLength));
}

/** A title as WordPress stores it (HTML allowed) into our plain-text title, keeping its spacing. */
export function titleToText(html: string): string {
  return piecesToText(textPieces(html, '', Number.POSITIVE_INFINITY));
}

/** sanitize-html escapes text as &amp; &lt; &gt; (and &quot;); this undoes exactly that. */
function decodeBasicEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '');
}
