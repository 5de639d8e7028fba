/**
 * Upstream mode's `serve` (http/calls.ts): the same call-table entry, validation and envelope,
 * with the request's upstream scope instead of a database context.
 *
 *   serveUpstream(routes, websiteCalls.posts, (up, { query }) => listPosts(up, query));
 */
import { createMiddleware } from 'hono/factory';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Call, CallResult, ValidInput } from '../../lib/contract/calls';
import { registerCall, type ServeOptions } from '../http/calls';
import { fail, MESSAGES } from '../http/envelope';
import type { UpstreamScope } from './client';
import { upstreamSession } from './session';
import type { UpstreamAuthedEnv, UpstreamEnv } from './types';

type Awaitable<T> = T | Promise<T>;

/**
 * Signed-out calls are a 401 (the browser goes to the login); the upstream's user is asked once
 * per request. A GET goes to the legacy backend beside the user call, not after it (one round
 * trip instead of two): the backend checks its own cookie, and a refusal here replaces whatever
 * it answered, so nothing reaches a signed-out browser. Its handler therefore has no `session`
 * yet and asks `upstreamSession(up)` if it needs the user; other calls wait for the user first.
 */
export const requireUpstreamSession = createMiddleware<UpstreamAuthedEnv>(async (c, next) => {
  if (c.get('session')) return next();
  const pending = upstreamSession(c.get('upstream'));
  if (c.req.method === 'GET') {
    const [session] = await Promise.all([pending, next()]);
    if (!session) c.res = fail(c, 401, MESSAGES.signedOut);
    return;
  }
  const session = await pending;
  if (!session) return fail(c, 401, MESSAGES.signedOut);
  c.set('session', session);
  await next();
});

export function serveUpstream<C extends Call>(
  app: Hono<UpstreamEnv>,
  call: C,
  handler: (up: UpstreamScope, input: ValidInput<C>, c: Context<UpstreamAuthedEnv>) => Awaitable<CallResult<C>>,
  options: ServeOptions<UpstreamAuthedEnv> = {},
): void {
  registerCall<C, UpstreamAuthedEnv>(
    app as unknown as Hono<never>,
    call,
    requireUpstreamSession as unknown as MiddlewareHandler,
    (input, c) => handler(c.get('upstream'), input, c),
    options,
  );
}
