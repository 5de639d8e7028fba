import type { Db } from '../db';

/** Sign-in failures allowed per email and per client address within the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export async function isLoginLimited(db: Db, key: { email: string; ip: string }, now: number): Promise<boolean> {
  const since = now - LOGIN_WINDOW_SECONDS;
  const count = async (column: 'email' | 'ip', value: string) => {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return (await count('email', key.email)) >= LOGIN_FAILURE_LIMIT || (await count('ip', key.ip)) >= LOGIN_FAILURE_LIMIT;
}

export async function recordLoginFailure(db: Db, key: { email: string; ip: string }, now: number): Promise<void> {
  await db.insertInto('login_failures').values({ email: key.email, ip: key.ip, at: now }).execute();
  // Old rows only ever answer "not limited": drop them so the table stays small.
  await db.deleteFrom('login_failures').where('at', '<=', now - LOGIN_WINDOW_SECONDS).execute();
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
