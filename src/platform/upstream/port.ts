/**
 * Upstream mode's adapter of a module's routes (../http/port.ts): the calls the legacy backend
 * has (`serves`) served with `serveUpstream`, each handler given the backend built on the
 * request's upstream scope; the others are not mounted (404), and the screens hide them through
 * the module's capabilities. Uploads (`serve.upload`) stream through to it unread (./upload-stream.ts).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Call } from '../../lib/contract/calls';
import { routePath } from '../http/calls';
import { fileResponse, type PortNeeds, type PortRoutes } from '../http/port';
import { ok } from '../http/envelope';
import { portalScriptOnly } from '../http/script-only';
import type { UpstreamScope } from './client';
import type { ShellSession } from '../module/shell-session';
import { requireUpstreamSession, serveUpstream } from './serve';
import { uploadStream } from './upload-stream';
import type { UpstreamAuthedEnv, UpstreamEnv } from './types';


/** The signed-in user, once requireUpstreamSession has it: before any call but a GET, which runs beside the user call. */
function sessionOf(c: Context<UpstreamAuthedEnv>): () => ShellSession {
  return () => {
    const session = c.get('session');
    if (!session) throw new Error('A GET served upstream runs beside the user call: it cannot ask for the session.');
    return session;
  };
}

/** The legacy backend checks its own limits and hosts: only the script check is the portal's. */
function beforeOf(needs: PortNeeds): MiddlewareHandler<UpstreamAuthedEnv>[] {
  return needs.scriptOnly ? [portalScriptOnly] : [];
}

export function mountUpstream<B>(
  app: Hono<UpstreamEnv>,
  routes: PortRoutes<B>,
  backendOf: (up: UpstreamScope, session: () => ShellSession) => B,
  serves: { calls: readonly Call[]; downloads?: readonly string[] },
): void {
  const served = new Set<Call>(serves.calls);
  const authed = app as unknown as Hono<UpstreamAuthedEnv>;
  for (const route of routes.calls) {
    if (!served.has(route.call)) continue;
    const { stream } = route;
    if (stream) {
      authed.on(route.call.method, routePath(route.call.path), requireUpstreamSession, ...beforeOf(route.needs), async (c) =>
        ok(c, await stream(backendOf(c.get('upstream'), sessionOf(c)), uploadStream(c))),
      );
    } else {
      serveUpstream(app, route.call, (up, input, c) => route.handle(backendOf(up, sessionOf(c)), input), { before: beforeOf(route.needs) });
    }
  }
  const downloads = new Set(serves.downloads ?? []);
  for (const download of routes.downloads) {
    if (!downloads.has(download.path)) continue;
    app.get(routePath(download.path), requireUpstreamSession as unknown as MiddlewareHandler<UpstreamEnv>, async (c) =>
      fileResponse(await download.handle(backendOf(c.get('upstream'), sessionOf(c as unknown as Context<UpstreamAuthedEnv>)))),
    );
  }
}
