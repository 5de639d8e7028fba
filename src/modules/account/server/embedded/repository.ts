import type { Db } from '../../../../platform/db';
import type { NewDomainRow, UserRow } from '../../../../platform/db/schema';
import type { Products } from '../../../../lib/contract/shell';

const flags = (p: Products) => ({
  hapara: Number(p.hapara),
  newsletter: Number(p.newsletter),
  builder: Number(p.builder),
  website: Number(p.website),
  app: Number(p.app),
});

export async function insertDomain(
  db: Db,
  input: { label: string; name: string; products: Products; now: number },
): Promise<number> {
  const row: NewDomainRow = { label: input.label, name: input.name, created_at: input.now, ...flags(input.products) };
  const inserted = await db.insertInto('domains').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findDomainByLabel(db: Db, label: string) {
  return db.selectFrom('domains').selectAll().where('label', '=', label).executeTakeFirst();
}

/** Deletes a school: every table of its data refers to its domain row and goes with it (ON DELETE CASCADE). */
export async function deleteDomain(db: Db, id: number): Promise<void> {
  await db.deleteFrom('domains').where('id', '=', id).execute();
}

export function findDomainById(db: Db, id: number) {
  return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateDomainProducts(db: Db, domainId: number, products: Products): Promise<void> {
  await db.updateTable('domains').set(flags(products)).where('id', '=', domainId).execute();
}

export async function countDomains(db: Db): Promise<number> {
  const row = await db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export { findUserByEmail } from '../../../../platform/auth/users';

/** A user of one school by email: what a school's own screens (Manage Users) may look up. */
export function findSchoolUserByEmail(db: Db, domainId: number, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('domain_id', '=', domainId).where('email', '=', email).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  input: { domainId: number; email: string; name: string; passwordHash: string; now: number },
): Promise<number> {
  const inserted = await db
    .insertInto('users')
    .values({
      domain_id: input.domainId,
      email: input.email,
      name: input.name,
      password_hash: input.passwordHash,
      avatar_url: null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateUserPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
