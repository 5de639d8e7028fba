import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import type { BlankEnv } from 'hono/types';
import { JSON_MAX_BYTES, limitBody } from './body-limits';
import type { z } from 'zod';
import { isCrossSiteRequest, isPortalScriptRequest } from '../auth/origin';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import { missingProduct, type ProductGate } from '../../lib/products';
import type { Runtime } from '../runtime';
import { requestContext } from '../context';
import type { AppEnv, AuthedEnv } from './types';
import { fail, MESSAGES } from './envelope';
import { SAFE_METHODS } from './page-response';

export const provideRuntime = (runtime: Runtime) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('runtime', runtime);
    await next();
  });

/** Refuses cross-site state-changing requests, whatever their content type. */
export const refuseCrossSiteWrites = createMiddleware<BlankEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && isCrossSiteRequest(c.req.raw)) return fail(c, 403, MESSAGES.crossSite);
  await next();
});

/**
 * For the few GET calls the spec makes state-changing (logout, user delete): honoured only when
 * the portal's own scripts make them, never for an image, link, frame or form of any page
 * (school content is shown on this origin, and `<img src="/api/logout">` is same-origin too).
 */
export const portalScriptOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isPortalScriptRequest(c.req.raw)) return fail(c, 403, MESSAGES.notFromPortal);
  await next();
});

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
  c.set('ctx', requestContext(c.get('runtime'), session));
  await next();
});

/** The spec's own messages ('Failed! …', 'Error! …'): said to the user as they are, without a field name. */
const SPEC_MESSAGE = /^(Failed|Error)! /;

/** The first problem of a zod error, naming its field (unless it is one of the spec's texts): what a 400 says. */
export function zodMessage(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  const issue = error.issues[0];
  const message = issue?.message ?? 'Invalid input.';
  const field = issue?.path.length && !SPEC_MESSAGE.test(message) ? `${issue.path.map(String).join('.')}: ` : '';
  return `${field}${message}`;
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
    if (!result.success) return fail(c, 400, zodMessage(result.error), 'invalid');
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
