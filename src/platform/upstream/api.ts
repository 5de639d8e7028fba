import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { shellCalls } from '../../lib/contract/shell';
import { isPortalScriptRequest } from '../auth/origin';
import { Refusal } from '../errors';
import { fail, MESSAGES } from '../http/envelope';
import { answerError, noStore, refuseCrossSiteWrites } from '../http/middleware';
import { missingProduct, type ProductGate } from '../../lib/products';
import { UpstreamScope, type UpstreamSettings } from './client';
import { UPSTREAM_MESSAGES } from './errors';
import { serveUpstream } from './serve';
import { upstreamSession } from './session';
import type { UpstreamEnv, UpstreamModule } from './types';
import type { ShellSession } from '../module/shell-session';

/** The request's scope: the browser's cookies go with every upstream call; the upstream's Set-Cookie answers come back. */
const provideScope = (settings: UpstreamSettings) =>
  createMiddleware<UpstreamEnv>(async (c, next) => {
    const scope = new UpstreamScope(settings, {
      cookie: c.req.header('cookie') ?? null,
      ...(c.env?.clientAddress ? { clientAddress: c.env.clientAddress } : {}),
    });
    c.set('upstream', scope);
    c.set('session', null);
    await next();
    for (const cookie of scope.setCookies) c.res.headers.append('Set-Cookie', cookie);
  });

/**
 * A module's calls need its product: the upstream's user is asked (once) only for a gated path. A
 * GET runs beside that question (see requireUpstreamSession) and its answer is replaced by the
 * refusal when the school lacks the product; other calls wait for the answer first.
 */
const gateProducts = (gates: readonly ProductGate[]) =>
  createMiddleware<UpstreamEnv>(async (c, next) => {
    const apiPath = c.req.path.replace(/^\/api(?=\/|$)/, '');
    if (!gates.some((gate) => apiPath === gate.prefix || apiPath.startsWith(`${gate.prefix}/`))) return next();
    const refusal = (session: ShellSession | null) =>
      !session ? fail(c, 401, MESSAGES.signedOut) : missingProduct(gates, apiPath, session.domain.products) ? fail(c, 403, MESSAGES.productDisabled) : null;
    const pending = upstreamSession(c.get('upstream'));
    if (c.req.method === 'GET') {
      const [session] = await Promise.all([pending, next()]);
      const refused = refusal(session);
      if (refused) c.res = refused;
      return;
    }
    const session = await pending;
    const refused = refusal(session);
    if (refused) return refused;
    c.set('session', session);
    await next();
  });

/** The shell's calls: the user comes from the upstream's; signing out is the upstream's too (its cookies are relayed). */
function mountShell(app: Hono<UpstreamEnv>): void {
  serveUpstream(app, shellCalls.user, async (up) => {
    const session = await upstreamSession(up);
    if (!session) throw new Refusal(401, 'signed_out', UPSTREAM_MESSAGES.signedOut);
    const { user, domain } = session;
    return { user: { name: user.name, domain: domain.label }, domain: domain.products };
  });
  app.get('/logout', async (c) => {
    if (!isPortalScriptRequest(c.req.raw)) return fail(c, 403, MESSAGES.notFromPortal);
    const response = await c.get('upstream').fetch({ method: 'GET', path: '/api/logout' });
    await response.body?.cancel();
    // Signed out either way: the browser goes to the central login (spec: both answers redirect there).
    return c.json({ success: true, isAuthFailed: false });
  });
}

/**
 * Upstream mode's API at /api: the same contract as the embedded one (the modules' call tables),
 * each call served by its module's upstream service against the legacy backend.
 */
export function createUpstreamApi(settings: UpstreamSettings, modules: readonly UpstreamModule[], gates: readonly ProductGate[]) {
  const app = new Hono<UpstreamEnv>().basePath('/api');
  app.onError(answerError);
  // A call the legacy backend lacks (revisions, bulk actions, ...): its screen is hidden, and the call says why.
  app.notFound((c) => fail(c, 404, UPSTREAM_MESSAGES.unsupported, 'unsupported'));
  app.use('*', noStore, provideScope(settings), refuseCrossSiteWrites, gateProducts(gates));
  mountShell(app);
  for (const module of modules) module.mountApi?.(app);
  return app;
}

export type UpstreamApi = ReturnType<typeof createUpstreamApi>;
