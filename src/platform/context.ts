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
  /**
   * The sign-in the request came with and the client's address: what acting on one's own sign-in
   * needs (the profile: sign out the user's other sessions, keep this one; a password asked for
   * counts towards the sign-in limits of this address). Set for every request; absent only in
   * contexts made by hand (jobs have none, tests may leave it out).
   */
  caller?: { sessionHash: string; ip: string };
}

/** `clientAddress`: as the server saw it ('unknown' when the adapter does not say, as the sign-in counts it). */
export function requestContext(runtime: Pick<Runtime, 'db' | 'clock'>, session: SessionContext, clientAddress?: string): RequestContext {
  return {
    db: runtime.db,
    domain: { id: session.domain.id, label: session.domain.label },
    user: { id: session.user.id, email: session.user.email },
    now: runtime.clock(),
    caller: { sessionHash: session.tokenHash, ip: clientAddress ?? 'unknown' },
  };
}

/**
 * The context of work that has no request: a job or an operator command acting for one school,
 * the demo seed, or a school's public site (no one signed in). Build one per school.
 */
export function schoolContext(db: Db, domain: { id: number; label: string }, now: number): SchoolContext {
  return { db, domain: { id: domain.id, label: domain.label }, now };
}

/** The same context on another handle: a transaction, for work that must commit together. */
export function withDb<Context extends SchoolContext>(ctx: Context, db: Db): Context {
  return { ...ctx, db };
}

/**
 * Runs `work` in a transaction on the context's database, or in the caller's when the context
 * already holds one (seeding, an import): the work gets the same context on the transaction.
 */
export function inTransaction<Context extends SchoolContext, T>(ctx: Context, work: (trx: Context) => Promise<T>): Promise<T> {
  return ctx.db.isTransaction ? work(ctx) : ctx.db.transaction().execute((trx) => work(withDb(ctx, trx)));
}
