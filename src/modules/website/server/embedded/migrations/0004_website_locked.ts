import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';
import { LOCKED_CONTENT_MARKERS } from '../../../rules';

/**
 * `website_posts.locked`: whether the editor must not open the item (the contract's
 * `isLockedContent`), kept with the row by every write, so that list screens read one small
 * column instead of the content (measured on 10,000 posts of ~20 KB: computing it in SQL on each
 * list cost 4-7x more on SQLite and, past a large offset, 50x more on PostgreSQL, which read every
 * skipped row's content). Existing rows are filled here; if the markers ever change, a new
 * migration must fill the column again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_posts')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Case-sensitive substring tests on both databases, as `isLockedContent` (SQLite's LIKE folds case).
  const find = sql.raw(isPostgres(db) ? 'strpos' : 'instr');
  for (const marker of LOCKED_CONTENT_MARKERS) {
    await sql`update website_posts set locked = 1 where locked = 0 and ${find}(content, ${marker}) > 0`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_posts').dropColumn('locked').execute();
}
