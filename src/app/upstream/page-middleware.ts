/**
 * Upstream mode's pages: the signed-in user is the legacy backend's (GET /api/api/user with the
 * browser's cookies, once per request), signed-out visitors go to the provider's login
 * (PORTAL_LOGIN_URL), the product gates are the same, and a page the legacy backend cannot feed
 * is 'not available' instead of broken. The page's loaders call the upstream through
 * `locals.backends`; its Set-Cookie answers are relayed on the page's response.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { isCrossSiteRequest } from '../../platform/auth/origin';
import { PAGE_FORM_MAX_BYTES, declaredBodyTooLarge } from '../../platform/http/limits/body-limits';
import { harden, isApiPath, plainResponse, SAFE_METHODS, withHeaders } from '../../platform/http/pages/page-response';
import { missingProduct } from '../../lib/products';
import { PRODUCT_GATES } from '../shell-modules';
import { UPSTREAM_CAPABILITIES, UPSTREAM_WARMUPS } from './modules';
import type { Config } from '../../platform/config';
import { upstreamBackends } from './backends';
import { UpstreamScope, type UpstreamSettings } from '../../platform/upstream/client';
import { isUpstreamFailure } from '../../platform/upstream/errors';
import { upstreamSession } from '../../platform/upstream/session';

export async function upstreamPages(
  { config, settings, pages }: { config: Config; settings: UpstreamSettings; pages: ReadonlySet<string> },
  context: APIContext,
  next: MiddlewareNext,
): Promise<Response> {
  const pageAvailable = (path: string): boolean => pages.has(path);
  const { pathname } = context.url;
  if (isApiPath(pathname)) return withHeaders(await next(), { 'X-Content-Type-Options': 'nosniff' });
  if (!SAFE_METHODS.has(context.request.method)) {
    if (isCrossSiteRequest(context.request)) return plainResponse(403, 'Cross-site form submissions are refused.');
    if (declaredBodyTooLarge(context.request, PAGE_FORM_MAX_BYTES)) return plainResponse(413, 'This form is too large.');
  }
  // The provider signs people in, and hosts the schools' sites: the portal's own pages for those are not served.
  if (pathname === '/login' || pathname === '/') return context.redirect(config.PORTAL_LOGIN_URL, 302);
  if (!pathname.startsWith('/') || pathname.startsWith('/sites/') || pathname.startsWith('/uploads/')) return plainResponse(404, 'Not found.');

  const scope = new UpstreamScope(settings, { cookie: context.request.headers.get('cookie'), clientAddress: context.clientAddress });
  context.locals.config = config;
  context.locals.backend = { mode: 'upstream', upstream: scope };
  context.locals.capabilities = UPSTREAM_CAPABILITIES;
  context.locals.pageAvailable = pageAvailable;
  context.locals.backends = null;

  // The page's legacy GETs start beside the user call (their answers wait in `scope.once` for the page's
  // loaders). A failure surfaces when the page asks for the answer, or never when the user call refuses.
  const warmup = context.request.method === 'GET' ? UPSTREAM_WARMUPS.get(pathname) : undefined;
  warmup?.(scope, context.url).catch(() => undefined);

  let response: Response;
  try {
    const session = await upstreamSession(scope);
    if (!session) return context.redirect(config.PORTAL_LOGIN_URL, 302);
    context.locals.session = session;
    context.locals.backends = upstreamBackends(scope, session);
    const missing = missingProduct(PRODUCT_GATES, pathname, session.domain.products);
    if (missing) {
      context.locals.unavailableProduct = missing;
      response = await next('/product-unavailable');
    } else if (!pageAvailable(pathname)) {
      context.locals.unavailableHere = true;
      response = await next('/product-unavailable');
    } else {
      response = await next();
    }
  } catch (err) {
    // The legacy backend failed or timed out (its loaders throw the same): a plain page says so; a sign-out goes to the login.
    if (!isUpstreamFailure(err)) throw err;
    if (err.status === 401) return context.redirect(config.PORTAL_LOGIN_URL, 302);
    response = plainResponse(err.status === 504 ? 504 : 502, 'The school’s backend is not answering right now. Please try again in a moment.');
  }
  harden(response, 'portal', undefined);
  response.headers.set('Cache-Control', 'private, no-store');
  for (const cookie of scope.setCookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
