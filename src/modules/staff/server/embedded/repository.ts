import type { Db } from '../../../../platform/db';
import type { StaffFields, StaffListKind } from '../../rules';
import './schema';

/**
 * All SQL of the staff lists (`staff_members`). Every function takes the database (or a
 * transaction) first, then the school's domain id and the list, and every query is scoped by both.
 * Positions are kept 0 to n - 1 by the service, which changes them only while it holds the list's lock.
 */

export interface StaffRecord extends StaffFields {
  id: number;
  position: number;
}

const COLUMNS = ['id', 'position', 'name', 'class_name', 'role', 'email', 'image_url', 'biography', 'section'] as const;

type Row = {
  id: number;
  position: number;
  name: string;
  class_name: string;
  role: string;
  email: string;
  image_url: string;
  biography: string;
  section: string;
};

function toRecord(row: Row): StaffRecord {
  return {
    id: Number(row.id),
    position: Number(row.position),
    name: row.name,
    class: row.class_name,
    role: row.role,
    email: row.email,
    imageURL: row.image_url,
    biography: row.biography,
    section: row.section,
  };
}

function columnsOf(fields: StaffFields) {
  return {
    name: fields.name,
    class_name: fields.class,
    role: fields.role,
    email: fields.email,
    image_url: fields.imageURL,
    biography: fields.biography,
    section: fields.section,
  };
}

function scoped(db: Db, domainId: number, list: StaffListKind) {
  return db.selectFrom('staff_members').where('domain_id', '=', domainId).where('list', '=', list);
}

/** The whole list in its order (position, then id should two ever share a place). */
export async function listEntries(db: Db, domainId: number, list: StaffListKind): Promise<StaffRecord[]> {
  const rows = await scoped(db, domainId, list).select(COLUMNS).orderBy('position').orderBy('id').execute();
  return rows.map(toRecord);
}

/** Adds an entry at `position` (the service appends: the list's count). */
export async function insertEntry(db: Db, domainId: number, list: StaffListKind, fields: StaffFields, position: number, now: number): Promise<number> {
  const row = await db
    .insertInto('staff_members')
    .values({ domain_id: domainId, list, position, ...columnsOf(fields), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rows per INSERT: well under both databases' limits on bound parameters (12 a row). */
const INSERT_CHUNK = 400;

/** Adds entries at the end of an empty list, in the order given (the demo seed). */
export async function insertEntries(db: Db, domainId: number, list: StaffListKind, entries: readonly StaffFields[], now: number): Promise<void> {
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const values = entries
      .slice(start, start + INSERT_CHUNK)
      .map((fields, i) => ({ domain_id: domainId, list, position: start + i, ...columnsOf(fields), created_at: now, updated_at: now }));
    await db.insertInto('staff_members').values(values).execute();
  }
}

export async function updateEntry(db: Db, domainId: number, list: StaffListKind, id: number, fields: StaffFields, now: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_members')
    .set({ ...columnsOf(fields), updated_at: now })
    .where('domain_id', '=', domainId)
    .where('list', '=', list)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPosition(db: Db, domainId: number, list: StaffListKind, id: number, position: number, now: number): Promise<void> {
  await db
    .updateTable('staff_members')
    .set({ position, updated_at: now })
    .where('domain_id', '=', domainId)
    .where('list', '=', list)
    .where('id', '=', id)
    .execute();
}

/** Removes an entry and closes its gap: the entries after it move up one place. */
export async function deleteEntry(db: Db, domainId: number, list: StaffListKind, id: number, position: number): Promise<boolean> {
  const result = await db.deleteFrom('staff_members').where('domain_id', '=', domainId).where('list', '=', list).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db
    .updateTable('staff_members')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('domain_id', '=', domainId)
    .where('list', '=', list)
    .where('position', '>', position)
    .execute();
  return true;
}

/** Whether the school's website list has anyone (the public site links its staff directory then). */
export async function hasEntries(db: Db, domainId: number, list: StaffListKind): Promise<boolean> {
  const row = await scoped(db, domainId, list).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
