import type { Kysely } from 'kysely';

/**
 * The editor's safety nets (website/revisions/): a revision of a post or page per save (the last
 * 25 kept), one autosaved draft per item and user (or per user and kind for an item not created
 * yet), and the content of preview links (signed with the server's 'preview' key: src/platform/secrets).
 *
 * None of these tables moves the public site's version (0005): nothing here is on the public site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('website_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('website_posts.id').onDelete('cascade'))
    // Null: saved by no one signed in (an import, the seed), or by a user since removed.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(1000)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // Posts: the category names, ', ' between them, as the save left them.
    .addColumn('categories', 'text')
    // Pages: the parent page then (its row may go; the revision stays).
    .addColumn('parent_id', 'integer', (c) => c.references('website_posts.id').onDelete('set null'))
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('website_revisions_post_idx').on('website_revisions').columns(['post_id', 'id']).execute();

  await db.schema
    .createTable('website_autosaves')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // 'post' | 'page'
    .addColumn('post_id', 'integer', (c) => c.references('website_posts.id').onDelete('cascade'))
    // post_id, or 0 for the item not created yet: a unique key both databases enforce (NULLs never clash).
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(1000)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('website_autosaves_slot_unique', ['domain_id', 'user_id', 'kind', 'slot'])
    .execute();

  await db.schema
    .createTable('website_previews')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.references('website_posts.id').onDelete('cascade'))
    .addColumn('title', 'varchar(1000)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('categories', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('website_previews_user_idx').on('website_previews').columns(['domain_id', 'user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['website_previews', 'website_autosaves', 'website_revisions']) {
    await db.schema.dropTable(table).execute();
  }
}
