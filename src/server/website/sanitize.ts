import sanitizeHtml from 'sanitize-html';

/**
 * The sanitiser of website content (posts and pages): run on every save, on import and again on
 * the public site. It removes what can run (script/style elements, on* handlers, javascript:,
 * data: and other non-web URLs, iframes from unknown hosts, dangerous CSS) and keeps what a
 * school site uses: tables, inline styles, classes, images, embeds from known video/map hosts,
 * and shortcodes, which are plain text.
 *
 * Two properties the editor's lossless round trip relies on, and the unit tests check:
 * - idempotent: sanitizeContent(sanitizeContent(x)) === sanitizeContent(x);
 * - clean HTML is not rewritten beyond entity normalisation (style attributes are kept verbatim,
 *   not re-serialised; comments and unknown elements are the only things dropped).
 */

/** Hosts an <iframe> may load from; google.com only for its /maps pages. */
const IFRAME_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'docs.google.com',
  'www.google.com',
]);

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
  if (IFRAME_HOSTS.has(host)) return true;
  return host === 'google.com' && (url.pathname === '/maps' || url.pathname.startsWith('/maps/'));
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
      const style = attribs.style;
      if (style !== undefined && isDangerousStyle(style)) {
        const { style: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
    iframe: (tagName, attribs) => {
      // An iframe from anywhere else is dropped whole (the exclusive filter below removes it).
      if (!attribs.src || !isAllowedIframeSrc(attribs.src)) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

/** Sanitises stored website HTML (posts and pages). */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text of some HTML, for excerpts and titles: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const escaped = sanitizeHtml(html.replace(/</g, ' <'), { allowedTags: [], allowedAttributes: {} });
  return decodeBasicEntities(escaped).replace(/\s+/g, ' ').trim();
}

/** A title as WordPress stores it (HTML allowed) into our plain-text title, keeping its spacing. */
export function titleToText(html: string): string {
  const escaped = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return decodeBasicEntities(escaped).replace(/\s+/g, ' ').trim();
}

/** sanitize-html escapes text as &amp; &lt; &gt; (and &quot;); this undoes exactly that. */
function decodeBasicEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '');
}
