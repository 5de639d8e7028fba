import type { Kysely } from 'kysely';

/** The mailing list and its suppression list (src/modules/newsletter/server/embedded/schema.ts says what each column means). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_members')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_search', 'varchar(400)', (c) => c.notNull())
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('newsletter_members_email_unique', ['domain_id', 'email_key'])
    .execute();
  // The list's order: newest first.
  await db.schema.createIndex('newsletter_members_list_idx').on('newsletter_members').columns(['domain_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('newsletter_suppressions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('reason', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('newsletter_suppressions_email_unique', ['domain_id', 'email_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_suppressions').execute();
  await db.schema.dropTable('newsletter_members').execute();
}
