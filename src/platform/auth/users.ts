import type { Db } from '../db';
import type { UserRow } from '../db/schema';

/**
 * Sign-in and the operator's commands only: emails are unique across schools. Users are the
 * foundation's table; a school's own screens use the account module's domain-scoped lookup.
 */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}
