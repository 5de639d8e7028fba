/**
 * The embedded backend's adapter of a module's routes (./port.ts): each call served with `serve`
 * (session, validation, envelope), its needs met by the embedded limits, and its handler given the
 * backend built on the request's context.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { RequestContext } from '../context';
import type { Runtime } from '../runtime';
import { serve, routePath, type ServeOptions } from './calls';
import { requireAuth, portalScriptOnly } from './middleware';
import { heavyCall } from './limits/heavy-calls';
import { uploadLimit } from './limits/upload-limit';
import { readFormWithFile } from './limits/multipart';
import { requireLinkHost } from './link-addresses';
import { clearedSessionCookieOptions, SESSION_COOKIE } from '../auth/cookie';
import { fileResponse, type PortNeeds, type PortRoutes } from './port';
import type { AppEnv, AuthedEnv } from './types';

function optionsOf(needs: PortNeeds): ServeOptions<AuthedEnv> {
  const before: MiddlewareHandler<AuthedEnv>[] = [];
  if (needs.scriptOnly) before.push(portalScriptOnly);
  if (needs.linkHost) before.push(requireLinkHost);
  if (needs.heavy) before.push(heavyCall(needs.heavy));
  if (needs.upload === undefined) return { before };
  before.push(uploadLimit);
  return { before, readForm: readFormWithFile(needs.upload, { required: needs.fileRequired ?? false }) };
}

/** `signsOut`: the session has ended with the user, its cookie goes too. */
function clearCookieIfSignedOut(c: Context<AuthedEnv>, result: unknown): void {
  if (typeof result === 'object' && result !== null && 'signedOut' in result && result.signedOut === true) {
    deleteCookie(c, SESSION_COOKIE, clearedSessionCookieOptions(c.get('runtime').config, c.req.url));
  }
}

export function mountEmbedded<B>(app: Hono<AppEnv>, routes: PortRoutes<B>, backendOf: (ctx: RequestContext, runtime: Runtime) => B): void {
  for (const route of routes.calls) {
    serve(
      app,
      route.call,
      async (ctx, input, c) => {
        const result = await route.handle(backendOf(ctx, c.get('runtime')), input);
        if (route.needs.signsOut) clearCookieIfSignedOut(c, result);
        return result;
      },
      optionsOf(route.needs),
    );
  }
  for (const download of routes.downloads) {
    app.get(routePath(download.path), requireAuth, async (c) => fileResponse(await download.handle(backendOf(c.get('ctx'), c.get('runtime')))));
  }
}
