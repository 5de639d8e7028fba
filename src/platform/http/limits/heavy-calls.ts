import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import type { Runtime } from '../../runtime';
import { SchoolGates, type HeavyKind } from '../../work/school-gates';
import type { AuthedEnv } from '../types';

/** One set of gates per runtime: each server process (and each test's runtime) shares its own among its requests. */
const gatesByRuntime = new WeakMap<Runtime, SchoolGates>();

export function schoolGatesOf(runtime: Runtime): SchoolGates {
  let gates = gatesByRuntime.get(runtime);
  if (!gates) {
    gates = new SchoolGates();
    gatesByRuntime.set(runtime, gates);
  }
  return gates;
}

/**
 * A heavy call's place in its school's lane (work/school-gates.ts), taken after the session check
 * and before the body is read or validated (`serve(..., { before: [heavyCall('upload')] })`), held
 * until the answer is ready: a school's burst waits or is refused before it costs anything.
 */
export function heavyCall(kind: HeavyKind): MiddlewareHandler<AuthedEnv> {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const runtime = c.get('runtime');
    const release = await schoolGatesOf(runtime).enter(kind, c.get('ctx').domain.id, runtime.clock());
    try {
      await next();
    } finally {
      release();
    }
  });
}
