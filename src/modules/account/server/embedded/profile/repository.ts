import type { Db } from '../../../../../platform/db';
import type { UserRow } from '../../../../../platform/db/schema';

/** All SQL of My Profile: the signed-in user's own row, always looked up inside their school too. */

export function findOwnUser(db: Db, domainId: number, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('domain_id', '=', domainId).where('id', '=', userId).executeTakeFirst();
}

export async function setOwnName(db: Db, domainId: number, userId: number, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('domain_id', '=', domainId).where('id', '=', userId).execute();
}
