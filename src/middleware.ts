import { defineMiddleware } from 'astro:middleware';
import { getRuntime } from './server/process';
import { loadSession, SESSION_COOKIE } from './server/auth/sessions';
import { requestContext } from './server/context';
import { isCrossSiteRequest } from './server/auth/origin';
import { missingProduct } from './lib/products';
import { CACHED_PAGES, PRODUCT_GATES } from './server/modules';
import { staffPageCache } from './server/http/staff-page-cache';
import { loginRedirectUrl } from './lib/links';
import { decideOrigin, isPublicSitePath } from './server/http/site-origin';
import { contentSecurityPolicy, hardeningHeaders, type PageKind } from './server/http/security-headers';
import { PAGE_FORM_MAX_BYTES, declaredBodyTooLarge } from './server/http/body-limits';
import { THEME_BOOT_SCRIPT_HASH } from './server/http/theme-hash';
import { siteLabelOf, sitePageCache } from './server/website/site/page-cache';
import { isSitePreviewPath } from './server/website/revisions/preview-links';
import { isUnsubscribePath } from './server/newsletter/sends/unsubscribe';
import { isSignedOutAccountPath } from './server/account/links';

/**
 * Open without signing in: the login page, 'Forgot password?' and the emailed links' pages (invitations, resets), each
 * school's public website and its uploads, newsletters' unsubscribe links.
 */
function isPublicPath(pathname: string): boolean {
  return pathname === '/login' || isSignedOutAccountPath(pathname) || isPublicSitePath(pathname) || isUnsubscribePath(pathname);
}
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function plainResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The hardening headers of a page of this kind, its policy completed from Astro's. */
function harden(response: Response, kind: PageKind, sitesOrigin: string | undefined): void {
  withHeaders(response, hardeningHeaders(kind));
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
  // The shell's inline theme script runs before first paint; it is allowed by its hash alone.
  const extraHashes = kind === 'portal' ? [THEME_BOOT_SCRIPT_HASH] : [];
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(response.headers.get('content-security-policy'), kind, sitesOrigin, extraHashes));
}

/**
 * Pages only: the API does its own session, origin and product checks so that it behaves the
 * same in-process (tests) and behind Astro. Every response gets the hardening headers of its kind.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname, search } = context.url;
  const runtime = await getRuntime();
  const sitesOrigin = runtime.config.PORTAL_SITES_URL;

  const origin = decideOrigin(context.url, sitesOrigin);
  if (origin.action === 'redirect') return new Response(null, { status: 301, headers: { Location: origin.location } });
  if (origin.action === 'not-found') return plainResponse(404, 'Not found.');

  if (isApiPath(pathname)) return withHeaders(await next(), { 'X-Content-Type-Options': 'nosniff' });

  if (!SAFE_METHODS.has(context.request.method)) {
    // One-click unsubscribes come from mail providers (RFC 8058): the link's signature is their authority, and unsubscribing twice is harmless.
    if (isCrossSiteRequest(context.request) && !isUnsubscribePath(pathname)) return plainResponse(403, 'Cross-site form submissions are refused.');
    // Forms of pages are a few fields: refuse a huge body before anything reads it.
    if (declaredBodyTooLarge(context.request, PAGE_FORM_MAX_BYTES)) return plainResponse(413, 'This form is too large.');
  }

  context.locals.runtime = runtime;
  context.locals.session = await loadSession(runtime.db, context.cookies.get(SESSION_COOKIE)?.value, runtime.clock());
  context.locals.ctx = context.locals.session ? requestContext(runtime, context.locals.session) : null;

  if (!context.locals.session && !isPublicPath(pathname)) {
    return context.redirect(loginRedirectUrl(runtime.config.PORTAL_LOGIN_URL, `${pathname}${search}`), 302);
  }

  const missing = context.locals.session && !isPublicPath(pathname) ? missingProduct(PRODUCT_GATES, pathname, context.locals.session.domain.products) : null;
  let response: Response;
  if (missing) {
    context.locals.unavailableProduct = missing;
    response = await next('/product-unavailable');
  } else {
    // Public site pages are the same for every visitor: kept until the school's site changes.
    const isGet = context.request.method === 'GET';
    const siteLabel = isGet && !isSitePreviewPath(pathname) ? siteLabelOf(pathname) : null;
    // Some staff pages are kept per user until their data changes (a module's `cachedPages`).
    const cachedPage = isGet ? CACHED_PAGES.get(pathname) : undefined;
    const { session, ctx } = context.locals;
    if (siteLabel !== null) response = await sitePageCache(runtime.db).serve(runtime.db, siteLabel, `${pathname}${search}`, () => next(), runtime.clock());
    else if (cachedPage && session && ctx) response = await staffPageCache(runtime.db).serve(session, ctx, cachedPage, `${pathname}${search}`, () => next());
    else response = await next();
  }
  // Uploads set their own headers (a file is not a page); pages get those of their kind.
  if (!pathname.startsWith('/uploads/')) harden(response, isPublicSitePath(pathname) ? 'public-site' : 'portal', sitesOrigin);
  // Signed-in pages hold a school's data: never keep them in shared or back-button caches.
  // Public pages and uploads keep their own caching, whoever looks at them.
  if (context.locals.session && !isPublicPath(pathname)) response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
