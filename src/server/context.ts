import type { Db } from './db';
import type { Runtime } from './runtime';
import type { SessionContext } from './auth/sessions';

/**
 * What a service acts for, built once per request (the API's requireAuth and the pages'
 * middleware alike) and passed first to every service call: the database (or the caller's
 * transaction), the school, the signed-in user and the request's moment.
 */
export interface SchoolContext {
  db: Db;
  domain: { id: number; label: string };
  /** Unix seconds. */
  now: number;
}

/** A school context with its author: newsletters, tickets and requests record who asked. */
export interface RequestContext extends SchoolContext {
  user: { id: number; email: string };
}

export function requestContext(runtime: Pick<Runtime, 'db' | 'clock'>, session: SessionContext): RequestContext {
  return {
    db: runtime.db,
    domain: { id: session.domain.id, label: session.domain.label },
    user: { id: session.user.id, email: session.user.email },
    now: runtime.clock(),
  };
}

/** The same context on another handle: a transaction, for work that must commit together. */
export function withDb<Context extends SchoolContext>(ctx: Context, db: Db): Context {
  return { ...ctx, db };
}
