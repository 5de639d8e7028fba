import type { Kysely } from 'kysely';

/**
 * Sign-ups from a school's public site (src/modules/newsletter/server/embedded/signup): each request to join the
 * list waits here for its owner to follow the emailed link. The rows also count requests for the
 * rate limits, per client address and per address asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_signups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('site_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .execute();
  // The two rate limits' questions, and the purge of old rows.
  await db.schema.createIndex('newsletter_signups_ip_idx').on('newsletter_signups').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('newsletter_signups_email_idx').on('newsletter_signups').columns(['domain_id', 'email_key', 'created_at']).execute();
  await db.schema.createIndex('newsletter_signups_created_idx').on('newsletter_signups').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_signups').execute();
}
