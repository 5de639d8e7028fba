import type { Db } from '../../../../../platform/db';
import '../schema';

/** All SQL of the newsletter builder, every query scoped by the school's domain id. */

export interface BuildRow {
  id: number;
  name: string;
  /** The document's JSON, as stored. */
  build: string;
  updated_at: number;
}

const BUILD_COLUMNS = ['id', 'name', 'build', 'updated_at'] as const;

function toBuild(row: { id: number; name: string; build: string; updated_at: number }): BuildRow {
  return { ...row, id: Number(row.id), updated_at: Number(row.updated_at) };
}

/** The build the school saved last, if any. */
export async function latestBuild(db: Db, domainId: number): Promise<BuildRow | undefined> {
  const row = await db
    .selectFrom('newsletter_builds')
    .select(BUILD_COLUMNS)
    .where('domain_id', '=', domainId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toBuild(row) : undefined;
}

export async function findBuild(db: Db, domainId: number, id: number): Promise<BuildRow | undefined> {
  const row = await db.selectFrom('newsletter_builds').select(BUILD_COLUMNS).where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
  return row ? toBuild(row) : undefined;
}

/** The school's templates, by name. */
export async function listTemplates(db: Db, domainId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.selectFrom('newsletter_builds').select(['id', 'name']).where('domain_id', '=', domainId).orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

export async function insertBuild(db: Db, domainId: number, build: { name: string; json: string; userId: number | null; now: number }): Promise<number> {
  const row = await db
    .insertInto('newsletter_builds')
    .values({ domain_id: domainId, name: build.name, build: build.json, created_at: build.now, updated_at: build.now, updated_by: build.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Whether the school has that build (and it was saved). */
export async function updateBuild(db: Db, domainId: number, id: number, build: { json: string; userId: number | null; now: number }): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_builds')
    .set({ build: build.json, updated_at: build.now, updated_by: build.userId })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The school's frame: its HTML, and its blocks' JSON (null for a frame of HTML). */
export interface FrameRow {
  header: string;
  footer: string;
  blocks: string | null;
}

export async function findFrame(db: Db, domainId: number): Promise<FrameRow | undefined> {
  const row = await db.selectFrom('newsletter_frames').select(['header_html', 'footer_html', 'blocks']).where('domain_id', '=', domainId).executeTakeFirst();
  return row ? { header: row.header_html, footer: row.footer_html, blocks: row.blocks } : undefined;
}

export async function saveFrame(db: Db, domainId: number, frame: FrameRow & { now: number }): Promise<void> {
  const values = { header_html: frame.header, footer_html: frame.footer, blocks: frame.blocks, updated_at: frame.now };
  await db
    .insertInto('newsletter_frames')
    .values({ domain_id: domainId, ...values })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet(values))
    .execute();
}
