import type { Kysely } from 'kysely';

/**
 * A gallery image's `alt` text and `caption` for the public slider, on `website_media` itself:
 * the table's site-version triggers (0005) then move the school's public page cache on every edit.
 * An empty `alt` means the image's title is used (what the slider said before), so existing rows
 * need no filling; an empty `caption` shows none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_media')
    .addColumn('alt', 'varchar(250)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('website_media')
    .addColumn('caption', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_media').dropColumn('caption').execute();
  await db.schema.alterTable('website_media').dropColumn('alt').execute();
}
