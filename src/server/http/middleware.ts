import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { isCrossSiteRequest } from '../auth/origin';
import { loadSession, SESSION_COOKIE } from '../auth/sessions';
import { missingProduct } from '../../lib/products';
import type { Runtime } from '../runtime';
import type { AppEnv, AuthedEnv } from './types';
import { fail, MESSAGES } from './envelope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const provideRuntime = (runtime: Runtime) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('runtime', runtime);
    await next();
  });

/** Refuses cross-site state-changing requests, whatever their content type. */
export const refuseCrossSiteWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && isCrossSiteRequest(c.req.raw)) return fail(c, 403, MESSAGES.crossSite);
  await next();
});

/** For the few GET calls the spec makes state-changing (logout, user delete). */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (isCrossSiteRequest(c.req.raw)) return fail(c, 403, MESSAGES.crossSite);
  await next();
});

/** Loads the session when there is one; requireAuth decides whether a route needs it. */
export const loadSessionVar = createMiddleware<AppEnv>(async (c, next) => {
  const { db, clock } = c.get('runtime');
  c.set('session', await loadSession(db, getCookie(c, SESSION_COOKIE), clock()));
  await next();
});

/** Answers 403 for a module whose product the school does not have (the path decides which). */
export const gateProducts = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session');
  const apiPath = c.req.path.replace(/^\/api(?=\/|$)/, '');
  if (session && missingProduct(apiPath, session.domain.products)) return fail(c, 403, MESSAGES.productDisabled);
  await next();
});

export const requireAuth = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.get('session')) return fail(c, 401, MESSAGES.signedOut);
  await next();
});

/** Validates one part of the request with a contract schema; bad input is a 400 naming the first problem. */
export function validate<Target extends 'json' | 'query' | 'form' | 'param', Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return fail(c, 400, `${field}${issue?.message ?? 'Invalid input.'}`);
    }
    return undefined;
  });
}
