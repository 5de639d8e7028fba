/**
 * The embedded backend's pages: its own sessions (signed-out visitors go to PORTAL_LOGIN_URL),
 * the product gates, the public sites' origin and caches, the kept staff pages, and every
 * response's hardening headers. The API does its own session, origin and product checks so that
 * it behaves the same in-process (tests) and behind Astro. Upstream mode's: ../upstream/page-middleware.ts.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { loadSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { requestContext } from '../../platform/context';
import { isCrossSiteRequest } from '../../platform/auth/origin';
import { missingProduct } from '../../lib/products';
import { CACHED_PAGES } from '../modules';
import { PRODUCT_GATES } from '../shell-modules';
import { embeddedBackends } from './backends';
import { staffPageCache } from '../../platform/http/pages/staff-page-cache';
import { loginRedirectUrl } from '../../lib/links';
import { decideOrigin, isPublicSitePath } from '../../platform/http/site-origin';
import { PAGE_FORM_MAX_BYTES, declaredBodyTooLarge } from '../../platform/http/limits/body-limits';
import { harden, isApiPath, plainResponse, SAFE_METHODS, withHeaders } from '../../platform/http/pages/page-response';
import { ALL_CAPABILITIES } from '../../lib/capabilities';
import type { Runtime } from '../../platform/runtime';
import { siteLabelOf, sitePageCache } from '../../modules/website/server/embedded/site/page-cache';
import { isSitePreviewPath } from '../../modules/website/server/embedded/revisions/preview-links';
import { isUnsubscribePath } from '../../modules/newsletter/server/embedded/sends/unsubscribe';
import { isSignedOutAccountPath } from '../../modules/account/server/links';

/**
 * Open without signing in: the login page, 'Forgot password?' and the emailed links' pages (invitations, resets), each
 * school's public website and its uploads, newsletters' unsubscribe links.
 */
function isPublicPath(pathname: string): boolean {
  return pathname === '/login' || isSignedOutAccountPath(pathname) || isPublicSitePath(pathname) || isUnsubscribePath(pathname);
}

/** The client's address as the adapter gives it; undefined where it cannot (Astro throws rather than guess). */
function clientAddressOf(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

export async function embeddedPages(runtime: Runtime, context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { pathname, search } = context.url;
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

  context.locals.config = runtime.config;
  context.locals.capabilities = ALL_CAPABILITIES;
  context.locals.pageAvailable = () => true;
  const session = await loadSession(runtime.db, context.cookies.get(SESSION_COOKIE)?.value, runtime.clock());
  context.locals.session = session;
  const ctx = session ? requestContext(runtime, session, clientAddressOf(context)) : null;
  context.locals.backend = { mode: 'embedded', runtime, ctx };
  context.locals.backends = ctx ? embeddedBackends(ctx, runtime) : null;

  if (!session && !isPublicPath(pathname)) {
    return context.redirect(loginRedirectUrl(runtime.config.PORTAL_LOGIN_URL, `${pathname}${search}`), 302);
  }

  const missing = session && !isPublicPath(pathname) ? missingProduct(PRODUCT_GATES, pathname, session.domain.products) : null;
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
    if (siteLabel !== null) response = await sitePageCache(runtime.db).serve(runtime.db, siteLabel, `${pathname}${search}`, () => next(), runtime.clock());
    else if (cachedPage && session && ctx) response = await staffPageCache(runtime.db).serve(session, ctx, cachedPage, `${pathname}${search}`, () => next());
    else response = await next();
  }
  // Uploads set their own headers (a file is not a page); pages get those of their kind.
  if (!pathname.startsWith('/uploads/')) harden(response, isPublicSitePath(pathname) ? 'public-site' : 'portal', sitesOrigin);
  // Signed-in pages hold a school's data: never keep them in shared or back-button caches.
  // Public pages and uploads keep their own caching, whoever looks at them.
  if (session && !isPublicPath(pathname)) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
