import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { BlankEnv } from 'hono/types';
import { JSON_MAX_BYTES, limitBody } from './limits/body-limits';
import { ZodError, type z } from 'zod';
import { isCrossSiteRequest } from '../auth/origin';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import { missingProduct, type ProductGate } from '../../lib/products';
import type { Runtime } from '../runtime';
import { requestContext } from '../context';
import type { AppEnv, AuthedEnv } from './types';
import { fail, MESSAGES } from './envelope';
import { Refusal } from '../errors';
import { SAFE_METHODS } from './pages/page-response';

export const provideRuntime = (runtime: Runtime) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('runtime', runtime);
    await next();
  });

/**
 * Every API answer holds a school's data or a user's: no cache (a browser's, a proxy's) keeps it,
 * errors included, unless the call set its own caching on purpose. Registered first, so it sees
 * the answer of every later middleware, of onError and of notFound.
 */
export const noStore = createMiddleware<BlankEnv>(async (c, next) => {
  await next();
  if (c.res.headers.has('Cache-Control')) return;
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    // A relayed answer's headers are immutable: a copy takes the header.
    const headers = new Headers(c.res.headers);
    headers.set('Cache-Control', 'no-store');
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
});

/** Refuses cross-site state-changing requests, whatever their content type. */
export const refuseCrossSiteWrites = createMiddleware<BlankEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && isCrossSiteRequest(c.req.raw)) return fail(c, 403, MESSAGES.crossSite);
  await next();
});

export { portalScriptOnly } from './script-only';

/** Loads the session when there is one; requireAuth decides whether a route needs it. */
export const loadSessionVar = createMiddleware<AppEnv>(async (c, next) => {
  const { db, clock } = c.get('runtime');
  c.set('session', await loadSession(db, getCookie(c, SESSION_COOKIE), clock()));
  await next();
});

/** Answers 403 for a module whose product the school does not have (the path decides which, by the modules' gates). */
export const gateProducts = (gates: readonly ProductGate[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('session');
    const apiPath = c.req.path.replace(/^\/api(?=\/|$)/, '');
    if (session && missingProduct(gates, apiPath, session.domain.products)) return fail(c, 403, MESSAGES.productDisabled);
    await next();
  });

/** Signed-out calls are a 401; signed-in ones get their request context, built once here. */
export const requireAuth = createMiddleware<AuthedEnv>(async (c, next) => {
  const session = c.get('session');
  if (!session) return fail(c, 401, MESSAGES.signedOut);
  c.set('ctx', requestContext(c.get('runtime'), session, c.env?.clientAddress));
  await next();
});

/** The spec's own messages ('Failed! …', 'Error! …'): said to the user as they are, without a field name. */
const SPEC_MESSAGE = /^(Failed|Error)! /;

/** The first problem of a zod error, naming its field (unless it is one of the spec's texts): what a 400 says. */
export function zodMessage(error: ZodIssues): string {
  const issue = error.issues[0];
  const message = issue?.message ?? 'Invalid input.';
  const field = issue?.path.length && !SPEC_MESSAGE.test(message) ? `${issue.path.map(String).join('.')}: ` : '';
  return `${field}${message}`;
}

type ZodIssues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** The field a zod error's first issue is about (its path joined with '.'), when it has one. */
export function zodField(error: ZodIssues): string | undefined {
  const path = error.issues[0]?.path;
  return path?.length ? path.map(String).join('.') : undefined;
}

/** A zod error as the 400 it is answered with: its first issue's message (naming its field, as ever) and the field. */
function failZod(c: Context, error: ZodIssues) {
  return fail(c, 400, zodMessage(error), 'invalid', zodField(error));
}

/**
 * The API's one error handler (both backends' `app.onError`): a Refusal says its status, code,
 * message and field; a zod error from a service's own validation is answered as a route's; a
 * Hono HTTPException keeps its status; anything else is a bug, logged and answered 500.
 */
export function answerError(err: Error, c: Context): Response {
  if (err instanceof Refusal) return fail(c, err.status, err.message, err.code, err.field);
  if (err instanceof ZodError) return failZod(c, err);
  if (err instanceof HTTPException) return fail(c, err.status, err.message || undefined);
  console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
  return fail(c, 500, MESSAGES.internal);
}

/**
 * Validates one part of the request with a contract schema; bad input is a 400 naming the first
 * problem. A body (json, form) is read only up to `maxBytes` (413 beyond), so the limit of a
 * call sits next to its schema.
 */
export function validate<Target extends 'json' | 'query' | 'form' | 'param', Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  options: { maxBytes?: number } = {},
) {
  const validator = zValidator(target, schema, (result, c) => {
    if (!result.success) return failZod(c, result.error);
    return undefined;
  });
  if (target !== 'json' && target !== 'form') return validator;
  const limit = limitBody(options.maxBytes ?? JSON_MAX_BYTES);
  const limited: MiddlewareHandler = async (c, next) => {
    let validated: Response | void = undefined;
    const refused = await limit(c, async () => {
      validated = await validator(c, next);
    });
    return refused ?? validated;
  };
  // Same inputs and outputs as the validator: the limit only adds a 413.
  return limited as typeof validator;
}
