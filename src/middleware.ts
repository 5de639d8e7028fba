import { defineMiddleware } from 'astro:middleware';
import { getRuntime } from './server/runtime';
import { loadSession, SESSION_COOKIE } from './server/auth/sessions';
import { isCrossSiteRequest } from './server/auth/origin';
import { missingProduct } from './lib/products';
import { loginRedirectUrl } from './lib/links';

/** Open without signing in: the login page, each school's public website and its uploads. */
function isPublicPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/sites/') || pathname.startsWith('/uploads/');
}
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Pages only: the API does its own session, origin and product checks so that it behaves the
 * same in-process (tests) and behind Astro.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname, search } = context.url;
  if (pathname === '/api' || pathname.startsWith('/api/')) return next();

  if (!SAFE_METHODS.has(context.request.method) && isCrossSiteRequest(context.request)) {
    return new Response('Cross-site form submissions are refused.', { status: 403 });
  }

  const runtime = await getRuntime();
  context.locals.runtime = runtime;
  context.locals.session = await loadSession(runtime.db, context.cookies.get(SESSION_COOKIE)?.value, runtime.clock());

  if (!context.locals.session && !isPublicPath(pathname)) {
    return context.redirect(loginRedirectUrl(runtime.config.PORTAL_LOGIN_URL, `${pathname}${search}`), 302);
  }

  const missing = context.locals.session && !isPublicPath(pathname) ? missingProduct(pathname, context.locals.session.domain.products) : null;
  let response: Response;
  if (missing) {
    context.locals.unavailableProduct = missing;
    response = await next('/product-unavailable');
  } else {
    response = await next();
  }
  // Signed-in pages hold a school's data: never keep them in shared or back-button caches.
  // Public pages and uploads keep their own caching, whoever looks at them.
  if (context.locals.session && !isPublicPath(pathname)) response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
