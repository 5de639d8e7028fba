/**
 * Where a request is served when the schools' public sites have their own origin
 * (PORTAL_SITES_URL). School content is written by staff of many schools: on the portal's own
 * origin, one sanitiser bypass would ride every staff session, so with a sites origin the two
 * never overlap. Without one (the `npm start` default) everything stays on one origin.
 */

/** The public paths: each school's site and its uploaded files. */
export function isPublicSitePath(pathname: string): boolean {
  return pathname.startsWith('/sites/') || pathname === '/sites' || pathname.startsWith('/uploads/');
}

/** Files the built site serves from /_astro and public/ (the slider script, the favicon). */
function isStaticAsset(pathname: string): boolean {
  return pathname.startsWith('/_astro/') || pathname === '/favicon.svg' || pathname === '/robots.txt';
}

export type OriginDecision =
  | { action: 'serve' }
  /** A public path asked of the portal's origin: the same path on the sites origin. */
  | { action: 'redirect'; location: string }
  /** Anything but the public site asked of the sites origin: the portal is not there. */
  | { action: 'not-found' };

export function decideOrigin(url: URL, sitesOrigin: string | undefined): OriginDecision {
  if (!sitesOrigin) return { action: 'serve' };
  const onSitesOrigin = url.host === new URL(sitesOrigin).host;
  if (isPublicSitePath(url.pathname)) {
    return onSitesOrigin ? { action: 'serve' } : { action: 'redirect', location: `${sitesOrigin}${url.pathname}${url.search}` };
  }
  if (onSitesOrigin && !isStaticAsset(url.pathname)) return { action: 'not-found' };
  return { action: 'serve' };
}

