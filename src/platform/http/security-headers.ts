import { IFRAME_ORIGINS } from '../../lib/embeds';

/**
 * Browser hardening of every HTML response. The Content-Security-Policy is one header: Astro
 * writes `script-src` and `style-src` (with the hashes of the scripts it renders inline, see
 * astro.config.mjs) and the middleware completes it with the directives of the kind of page it
 * is, plus the hash of the shell's inline theme script. Scripts therefore run only from this
 * origin or with a known hash: no 'unsafe-inline' for scripts anywhere. Styles allow inline
 * styles, which school content and Editor.js use; CSS cannot run script.
 */

export type PageKind = 'portal' | 'public-site';

const FRAME_SOURCES = IFRAME_ORIGINS.join(' ');

/** Portal pages (staff shell and sign-in): their own origin, plus what staff content shows. */
function portalDirectives(sitesOrigin: string | undefined): string[] {
  const sites = sitesOrigin ? ` ${sitesOrigin}` : '';
  return [
    "default-src 'self'",
    // Post content hot-links images; Uppy previews are blob: URLs; uploads may live on the sites origin.
    `img-src 'self' https: data: blob:${sites}`,
    `media-src 'self' https: blob:${sites}`,
    "font-src 'self' data:",
    // blob: Uppy's thumbnail generator reads a picked file it cannot draw (a damaged image)
    // through its own object URL, made in this page from the user's file.
    "connect-src 'self' blob:",
    `frame-src 'self' ${FRAME_SOURCES}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // The support frames are the portal's own pages; nobody else may frame the portal.
    "frame-ancestors 'self'",
  ];
}

/**
 * A school's public site: nothing is allowed unless named; it is never framed and posts forms only
 * to itself (the newsletter's sign-up). Its own origin only, for the App's 'Get notifications':
 * the web app manifest, the service worker, and the fetches that subscribe.
 */
function publicSiteDirectives(): string[] {
  return [
    "default-src 'none'",
    "img-src 'self' https:",
    "media-src 'self' https:",
    "font-src 'self'",
    `frame-src ${FRAME_SOURCES}`,
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
}

export function cspDirectives(kind: PageKind, sitesOrigin: string | undefined): string[] {
  return kind === 'portal' ? portalDirectives(sitesOrigin) : publicSiteDirectives();
}

/** Used only if a response arrives without Astro's policy: nothing inline runs then. */
const FALLBACK_SCRIPT_SRC = "'self'";
const FALLBACK_STYLE_SRC = "'self' 'unsafe-inline'";

function parsePolicy(policy: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

/**
 * The kind's directives with the frame sources the page asked for itself (a page calling
 * `Astro.csp.insertDirective('frame-src <origin>')`: Support's frames of an external helpdesk,
 * PORTAL_HELPDESK_URL) added to its frame-src.
 */
function withPageFrameSources(directives: string[], astro: Map<string, string>): string[] {
  const extra = (astro.get('frame-src') ?? '').split(/\s+/).filter((source) => /^https?:\/\/[^\s;,']+$/.test(source));
  if (extra.length === 0) return directives;
  return directives.map((directive) => (directive.startsWith('frame-src ') ? `${directive} ${extra.join(' ')}` : directive));
}

/**
 * The page's whole policy: Astro's script-src and style-src (plus `extraScriptHashes`), and the
 * page kind's own directives for everything else (frame-src with what the page added).
 */
export function contentSecurityPolicy(
  astroPolicy: string | null,
  kind: PageKind,
  sitesOrigin: string | undefined,
  extraScriptHashes: readonly string[] = [],
): string {
  const astro = parsePolicy(astroPolicy ?? '');
  const scriptSrc = [astro.get('script-src') || FALLBACK_SCRIPT_SRC, ...extraScriptHashes.map((hash) => `'${hash}'`)].join(' ');
  const styleSrc = astro.get('style-src') || FALLBACK_STYLE_SRC;
  return [...withPageFrameSources(cspDirectives(kind, sitesOrigin), astro), `script-src ${scriptSrc}`, `style-src ${styleSrc}`].join('; ');
}

/** The other headers of an HTML page (and nosniff for every response). */
export function hardeningHeaders(kind: PageKind): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': kind === 'portal' ? 'SAMEORIGIN' : 'DENY',
    // Portal addresses name schools' items (?id=...): they do not leave the portal.
    'Referrer-Policy': kind === 'portal' ? 'same-origin' : 'strict-origin-when-cross-origin',
    ...(kind === 'portal' ? { 'Cross-Origin-Opener-Policy': 'same-origin' } : {}),
  };
}
