/**
 * Seeds a bench database with two schools of the same shape but different sizes, so the posts
 * list can be timed at school scale. Posts go in by bulk insert (one transaction, rows as the
 * repository writes them): what is measured is reading, not the 10,000 saves.
 */
import { parseConfig } from '../../src/platform/config';
import { sql } from 'kysely';
import { isPostgres, openDatabase } from '../../src/platform/db';
import { migrateAll } from '../../src/app/process';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { DEFAULT_POST_CATEGORY } from '../../src/modules/website/rules';
import { schoolContext } from '../../src/platform/context';
import { ensureCategory } from '../../src/modules/website/server/embedded/content/service';

const WORDS = ['Sports day', 'Harvest festival', 'Year 6 trip', 'Science fair', 'Book week', 'Parents evening', 'Choir concert', 'Eco club'];
export const SEARCH_TERM = 'science';
const DAY = 24 * 60 * 60;

/** Seeds the SQLite file of `dataDir`, or the PostgreSQL database of `databaseUrl` when given. */
export async function seedPostsBench(
  dataDir: string,
  schools: Array<{ label: string; posts: number; email: string; password: string }>,
  databaseUrl?: string,
): Promise<void> {
  const config = parseConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
  const db = openDatabase(config);
  try {
    await migrateAll(db);
    const now = Math.floor(Date.now() / 1000);
    for (const s of schools) {
      const school = await createSchool(db, { label: s.label, name: s.label, products: { hapara: false, newsletter: false, builder: false, website: true, app: false } }, now);
      await addUser(db, { label: s.label, email: s.email, name: 'Bench Staff', password: s.password }, now);
      const ctx = schoolContext(db, school, now);
      const categories = await Promise.all([DEFAULT_POST_CATEGORY, 'Sport', 'Events'].map((name) => ensureCategory(ctx, name)));
      await db.transaction().execute(async (trx) => {
        const BATCH = 500;
        for (let start = 0; start < s.posts; start += BATCH) {
          const rows = [];
          for (let i = start; i < Math.min(s.posts, start + BATCH); i++) {
            const title = `${WORDS[i % WORDS.length]} ${Math.floor(i / WORDS.length) + 1}`;
            const created = now - (s.posts - i) * (DAY / 4);
            rows.push({
              domain_id: school.id,
              type: 'post' as const,
              title,
              title_search: title.toLowerCase(),
              content: `<p>${title}: a report of about a hundred words from the class teacher, with a photo.</p>`.repeat(4),
              status: i % 10 === 0 ? ('draft' as const) : ('publish' as const),
              slug: `post-${i + 1}`,
              parent_id: null,
              menu_order: 0,
              created_at: created,
              modified_at: created,
            });
          }
          const inserted = await trx.insertInto('website_posts').values(rows).returning('id').execute();
          await trx
            .insertInto('website_post_categories')
            .values(inserted.map((r, k) => ({ post_id: r.id, category_id: categories[k % categories.length]!.id })))
            .execute();
        }
      });
    }
    // PostgreSQL: statistics and the visibility map as a live database has them (autovacuum would
    // get there within a minute), so the first measurements do not time a table never analysed.
    if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}
