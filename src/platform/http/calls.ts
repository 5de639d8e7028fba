/**
 * Serves a contract's call-table entry on a Hono app: the route's path and method come from the
 * entry, its input is validated with the entry's schemas (400 naming the first problem; the
 * body read only up to the entry's `maxBytes`, 413 beyond), the handler gets the request
 * context and the parsed input, and its result is answered in the envelope (`ok`). A refusal is
 * thrown (`Refusal`), never answered here: the API's onError answers it.
 *
 * Every call needs a session (401 with isAuthFailed otherwise) unless it is served with `serve.public`.
 *
 * Usage, in a module's routes file (paths are the contract's, so the app is mounted at the API's root):
 *
 *   export const contentRoutes = new Hono<AppEnv>();
 *   serve(contentRoutes, websiteCalls.posts, (ctx, { query }) => content.listPosts(ctx, query));
 *   serve(contentRoutes, websiteCalls.togglePost, async (ctx, { body }) => ({ post: await content.togglePost(ctx, body) }));
 *   serve(contentRoutes, websiteCalls.uploadGalleryImage, (ctx, { form }) => galleries.upload(ctx, form), {
 *     before: [uploadLimit],          // runs after the session check, before validation
 *     readForm: readMultipart,        // the module reads the multipart body itself (its own refusals)
 *   });
 *   // and in the module's manifest: mountApi(api) { api.route('/', contentRoutes); }
 *
 * Register a static path before a `{param}` one that would match it (e.g. galleries/min before
 * galleries/{id}): routes match in registration order.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { pathParams, type Call, type CallResult, type ValidInput } from '../../lib/contract/calls';
import type { RequestContext } from '../context';
import { ok } from './envelope';
import { requireAuth, validate } from './middleware';
import type { AppEnv, AuthedEnv } from './types';

/** The API's base: the contract's paths start with it; the apps serving them are mounted under it. */
export const API_BASE = '/api';

/** A contract path as a route of an app mounted at the API's root: `/api/x/{id}` -> `/x/:id`. */
export function routePath(path: string): string {
  if (!path.startsWith(`${API_BASE}/`)) throw new Error(`A call's path must start with ${API_BASE}/: ${path}`);
  let route = path.slice(API_BASE.length);
  for (const name of pathParams(path)) route = route.replace(`{${name}}`, `:${name}`);
  return route;
}

type Awaitable<T> = T | Promise<T>;

/** A handler answers the call's result (sent in the envelope), or a whole Response it made itself (a kept answer, a 304). */
export type CallHandler<C extends Call, E extends AppEnv, Ctx> = (ctx: Ctx, input: ValidInput<C>, c: Context<E>) => Awaitable<CallResult<C> | Response>;

export interface ServeOptions<E extends { Bindings?: object; Variables?: object }> {
  /** Middleware between the session check and validation (e.g. portalScriptOnly, an upload's body limit). */
  before?: MiddlewareHandler<E>[];
  /**
   * For a `form` call: reads the multipart body (with its own limits and refusals); the call's
   * form schema then checks what it returns. Without it, the form is read by Hono up to the
   * call's `maxBytes`.
   */
  readForm?: (c: Context<E>) => Promise<Record<string, unknown>>;
}

const PARTS = ['params', 'query', 'body'] as const;
const TARGETS = { params: 'param', query: 'query', body: 'json' } as const;

/**
 * Registers a call-table entry on `app` behind `guard` (the session check of the backend serving
 * it; null for a public call): the embedded backend's `serve` below and upstream mode's
 * (upstream/serve.ts) share the validation and the envelope.
 */
export function registerCall<C extends Call, E extends { Bindings?: object; Variables?: object }>(
  app: Hono<never>,
  call: C,
  guard: MiddlewareHandler | null,
  handler: (input: ValidInput<C>, c: Context<E>) => Awaitable<CallResult<C> | Response>,
  options: ServeOptions<E>,
): void {
  const chain: MiddlewareHandler[] = [];
  if (guard) chain.push(guard);
  chain.push(...((options.before ?? []) as MiddlewareHandler[]));
  const parts: Array<(typeof PARTS)[number]> = [];
  for (const part of PARTS) {
    const schema = call[part];
    if (!schema) continue;
    parts.push(part);
    chain.push(validate(TARGETS[part], schema, { ...(call.maxBytes === undefined ? {} : { maxBytes: call.maxBytes }) }) as unknown as MiddlewareHandler);
  }
  const form = call.form;
  if (form && !options.readForm) {
    chain.push(validate('form', form, { ...(call.maxBytes === undefined ? {} : { maxBytes: call.maxBytes }) }) as unknown as MiddlewareHandler);
  }
  chain.push(async (c) => {
    const valid = (target: string): unknown => (c.req.valid as (target: string) => unknown).call(c.req, target);
    const input: Record<string, unknown> = {};
    for (const part of parts) input[part] = valid(TARGETS[part]);
    if (form) {
      // A reader's fields are checked here: a zod error reaches onError, a 400 naming the field.
      input.form = options.readForm ? form.parse(await options.readForm(c as unknown as Context<E>)) : valid('form');
    }
    const result = await handler(input as ValidInput<C>, c as unknown as Context<E>);
    return result instanceof Response ? result : ok(c, result);
  });
  const [first, ...rest] = chain as [MiddlewareHandler, ...MiddlewareHandler[]];
  (app as unknown as Hono).on(call.method, routePath(call.path), first, ...rest);
}

/** Serves a call that needs a session: the handler gets the request context first. */
export function serve<C extends Call>(
  app: Hono<AppEnv>,
  call: C,
  handler: CallHandler<C, AuthedEnv, RequestContext>,
  options: ServeOptions<AuthedEnv> = {},
): void {
  registerCall<C, AuthedEnv>(app as unknown as Hono<never>, call, requireAuth as unknown as MiddlewareHandler, (input, c) => handler(c.get('ctx'), input, c), options);
}

/** Serves a call open without a session (sign-in, sign-out): the handler's context is null. */
serve.public = function servePublic<C extends Call>(
  app: Hono<AppEnv>,
  call: C,
  handler: CallHandler<C, AppEnv, null>,
  options: ServeOptions<AppEnv> = {},
): void {
  registerCall<C, AppEnv>(app as unknown as Hono<never>, call, null, (input, c) => handler(null, input, c), options);
};
