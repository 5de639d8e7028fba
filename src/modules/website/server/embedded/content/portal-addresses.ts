/**
 * Addresses in school content that would make a visitor's browser call the portal itself: its
 * API or its login page. `<img src="/api/logout">` on a school's public page would sign out any
 * member of staff who views it (the site is on the portal's origin, so the request carries the
 * session cookie). The website sanitiser drops such attributes.
 */

/**
 * A page of a school's site on the portal's origin, to resolve addresses against. The real host
 * is not known here (and an absolute URL to it cannot be told from any other site's), so only
 * addresses that resolve onto this placeholder origin, relative ones, are the portal's own.
 * Content is shown at several depths (posts at /sites/<school>/posts/<slug>, pages at
 * /sites/<school>/<slug>, the editor at /website/posts/edit); this page's folder, /sites/, is the
 * shallowest, and an address that climbs to the root from a deeper folder climbs there from it
 * too, so one base covers them all (`../../../../../app/api` from a page is caught, `api/x` stays in /sites/).
 */
const SITE_PAGE = new URL('http://portal.invalid/sites/school');
/** The same page over https: `https:/api/x`, without `//`, is relative only on a page of its own scheme. */
const SITE_PAGE_HTTPS = new URL(SITE_PAGE.href.replace(/^http:/, 'https:'));

/** /api and /login, and anything below them: what an <img> or a link on a school's page must not call. */
function isPortalPath(path: string): boolean {
  const lower = path.toLowerCase();
  return ['/api', '/login'].some((root) => lower === root || lower.startsWith(`${root}/`));
}

/** A path as a lenient server might read it: runs of slashes or backslashes as one, dot-segments resolved. */
function lenientPath(path: string): string {
  return new URL(path.replace(/[\\/]+/g, '/').replace(/^\/?/, '/'), SITE_PAGE.origin).pathname;
}

/** %XX escapes decoded byte by byte (never throws, unlike decodeURIComponent on a malformed escape). */
function percentDecoded(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A `.` or `..` path segment: only these, besides a leading slash, take a relative address out of the page's folder. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:[/?#]|$)/;

/**
 * The answer for an address that needs no URL parser, or the pages to resolve it on when it
 * does: most addresses in content (`photo.jpg`, `/uploads/a.jpg`, `https://...`, `mailto:`) are
 * settled here, which keeps the check cheap on content with thousands of images and links.
 */
function quickAnswer(address: string): boolean | readonly URL[] {
  // As the URL parser reads it: tabs and newlines removed, controls and spaces at the ends trimmed.
  const raw = address.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    // http(s) with `//` names a host (never this placeholder's); without, it is relative on a page of its scheme.
    if ((scheme !== 'http' && scheme !== 'https') || /^[a-z]+:[\\/]{2}/i.test(raw)) return false;
    return [SITE_PAGE, SITE_PAGE_HTTPS];
  }
  if (/[%\\]/.test(raw) || DOT_SEGMENT.test(raw)) return [SITE_PAGE]; // escapes, backslashes, dot-segments
  if (raw.startsWith('//')) return false; // another host
  if (!raw.startsWith('/')) return false; // stays in the page's folder
  return isPortalPath(raw.split(/[?#]/, 1)[0] ?? '');
}

/**
 * True when an address in the content, resolved as a browser on the school's site resolves it,
 * lands on the portal's API or login page: `<img src="/api/logout">` would sign the visiting
 * member of staff out. The check sees through case (`/API`), backslashes, dot-segments
 * (`/sites/../api`) and percent-escapes (`/%61pi`, decoded repeatedly as a server might).
 */
export function pointsIntoPortal(address: string): boolean {
  const quick = quickAnswer(address);
  if (typeof quick === 'boolean') return quick;
  return quick.some((page) => {
    let url: URL;
    try {
      url = new URL(address, page);
    } catch {
      return false;
    }
    if (url.origin !== page.origin) return false;
    let path = url.pathname;
    for (let round = 0; round < 4; round += 1) {
      // The parser has resolved dot-segments and backslashes; runs of slashes, or decoding, can add more.
      const lenient = round === 0 && !path.includes('//') ? path : lenientPath(path);
      if (isPortalPath(path) || isPortalPath(lenient)) return true;
      const decoded = percentDecoded(lenient);
      if (decoded === lenient) return false;
      path = decoded;
    }
    return true; // still changing after four decodings: no honest address is escaped that often
  });
}

/** An element's attributes, name to value. */
type Attributes = Record<string, string>;

/** Attributes that hold one address (of those sanitize-html could ever let through). */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'cite', 'action', 'formaction', 'background', 'data', 'longdesc', 'lowsrc', 'dynsrc', 'ping', 'xlink:href'];

/** A srcset's candidates: its address is every comma- or space-separated token, so no split can hide one. */
function srcsetPointsIntoPortal(srcset: string): boolean {
  return srcset.split(/[\s,]+/).some((token) => token !== '' && pointsIntoPortal(token));
}

/** The attributes without any address into the portal (the element itself stays: `<a>` keeps its text). */
export function withoutPortalAddresses(attribs: Attributes): Attributes {
  let kept: Attributes | undefined;
  for (const [name, value] of Object.entries(attribs)) {
    const lower = name.toLowerCase();
    const bad = lower === 'srcset' || lower === 'imagesrcset' ? srcsetPointsIntoPortal(value) : URL_ATTRIBUTES.includes(lower) && pointsIntoPortal(value);
    if (bad) {
      kept ??= { ...attribs };
      delete kept[name];
    }
  }
  return kept ?? attribs;
}
