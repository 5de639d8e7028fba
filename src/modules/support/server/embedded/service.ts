import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../platform/db';
import { sanitizedOrEmpty, sanitizeRichText } from '../../../../platform/html/html';
import { slugSchema, type Announcement, type ChangelogItem, type ServiceStatus } from '../../contract';
import * as repo from './repository';
import { Refusal } from '../../../../platform/errors';

/** How many provider updates the home page and drawer show. */
export const UPDATES_SHOWN = 10;

export function listUpdates(db: Db): Promise<Announcement[]> {
  return repo.listAnnouncements(db, UPDATES_SHOWN);
}

/** The version of the provider's updates: the home page is kept per user until it moves (the manifest's `cachedPages`). */
export function updatesVersion(db: Db): Promise<string> {
  return repo.announcementsVersion(db);
}

/**
 * Changelog items, their HTML sanitised again on the way out in case a row predates the
 * sanitiser (rows written by addChangelog are sanitised already, and the API tests pin this for
 * older rows). The cost stays bounded: ten short provider texts, each within the HTML limits; a
 * row beyond them (none can be written any more) shows no text rather than being parsed.
 */
export async function listChangelog(db: Db): Promise<ChangelogItem[]> {
  const rows = await repo.listChangelog(db, UPDATES_SHOWN);
  return rows.map((r) => ({ ...r, text: sanitizedOrEmpty(r.text) }));
}

export const newAnnouncementSchema = z.object({
  slug: slugSchema,
  title: z.string().trim().min(1, { error: 'A title is required.' }).max(300),
  excerpt: z.string().trim().min(1, { error: 'An excerpt is required.' }).max(2000),
  published_at: z.number().int().nonnegative(),
});

export const newChangelogSchema = z.object({
  slug: slugSchema,
  title: z.string().trim().min(1, { error: 'A title is required.' }).max(300),
  text: z.string().trim().min(1, { error: 'A text is required.' }).max(20000),
  published_at: z.number().int().nonnegative(),
});

export async function addAnnouncement(db: Db, input: z.input<typeof newAnnouncementSchema>): Promise<void> {
  const row = newAnnouncementSchema.parse(input);
  if (await repo.slugTaken(db, 'announcements', row.slug)) throw new Refusal(400, 'invalid', `An announcement with the slug ${row.slug} already exists.`);
  await repo.insertAnnouncement(db, row);
}

export async function addChangelog(db: Db, input: z.input<typeof newChangelogSchema>): Promise<void> {
  const row = newChangelogSchema.parse(input);
  if (await repo.slugTaken(db, 'changelog', row.slug)) throw new Refusal(400, 'invalid', `A changelog item with the slug ${row.slug} already exists.`);
  await repo.insertChangelog(db, { ...row, text: sanitizeRichText(row.text) });
}

const NO_FAULTS: ServiceStatus = { ok: true, text: 'No faults' };

/**
 * Health of the embedded services behind the website and the app: both need the database;
 * the website also stores its media in the data folder, which must be writable.
 */
export async function serverStatus(db: Db, dataDir: string): Promise<{ website: ServiceStatus; app: ServiceStatus }> {
  let database: ServiceStatus = NO_FAULTS;
  try {
    await sql`select 1`.execute(db);
  } catch {
    database = { ok: false, text: 'Database not responding' };
  }
  let files: ServiceStatus = NO_FAULTS;
  try {
    await fs.access(dataDir, fs.constants.W_OK);
  } catch {
    files = { ok: false, text: 'File storage not writable' };
  }
  return { website: database.ok ? files : database, app: database };
}
