import type { Db } from '../../../../platform/db';

export async function listAnnouncements(db: Db, limit: number) {
  const rows = await db
    .selectFrom('announcements')
    .select(['slug', 'title', 'excerpt', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, published_at: Number(r.published_at) }));
}

/** Changes whenever an announcement is added or removed (announcements are never edited: addAnnouncement is the only writer). */
export async function announcementsVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('announcements')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('last')])
    .executeTakeFirst();
  return `${Number(row?.count ?? 0)}:${Number(row?.last ?? 0)}`;
}

export function listChangelog(db: Db, limit: number) {
  return db
    .selectFrom('changelog')
    .select(['slug', 'title', 'text'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertAnnouncement(
  db: Db,
  row: { slug: string; title: string; excerpt: string; published_at: number },
): Promise<void> {
  await db.insertInto('announcements').values(row).execute();
}

export async function insertChangelog(
  db: Db,
  row: { slug: string; title: string; text: string; published_at: number },
): Promise<void> {
  await db.insertInto('changelog').values(row).execute();
}

export async function slugTaken(db: Db, table: 'announcements' | 'changelog', slug: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}
