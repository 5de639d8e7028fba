/**
 * Upstream mode's `serve` (http/calls.ts): the same call-table entry, validation and envelope,
 * with the request's upstream scope instead of a database context.
 *
 *   serveUpstream(routes, websiteCalls.posts, (up, { query }) => listPosts(up, query));
 */
import { createMiddleware } from 'hono/factory';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Call, CallResult, ValidInput } from '../../contracts/calls';
import { registerCall, type ServeOptions } from '../http/calls';
import { fail, MESSAGES } from '../http/envelope';
import type { UpstreamScope } from './client';
import { upstreamSession } from './session';
import type { UpstreamAuthedEnv, UpstreamEnv } from './types';

type Awaitable<T> = T | Promise<T>;

/** Signed-out calls are a 401 (the browser goes to the login); the upstream's user is asked once per request. */
export const requireUpstreamSession = createMiddleware<UpstreamAuthedEnv>(async (c, next) => {
  const session = c.get('session') ?? (await upstreamSession(c.get('upstream')));
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
