import type { Kysely } from 'kysely';

/**
 * Sends and their deliveries (src/modules/newsletter/server/embedded/schema.ts says what each column means). A
 * send's audience is snapshotted as delivery rows in the send's own transaction; the delivery
 * job works through them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('attachment_file', 'varchar(100)')
    .addColumn('attachment_name', 'varchar(300)')
    .addColumn('attachment_type', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('newsletter_sends_domain_idx').on('newsletter_sends').columns(['domain_id', 'id']).execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('send_id', 'integer', (c) => c.notNull().references('newsletter_sends.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('response', 'text')
    .addColumn('message_id', 'varchar(255)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('newsletter_deliveries_recipient_unique', ['send_id', 'email_key'])
    .execute();
  // The job's question (due rows of a send) and the progress counts.
  await db.schema.createIndex('newsletter_deliveries_due_idx').on('newsletter_deliveries').columns(['send_id', 'status', 'next_attempt_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_sends').execute();
}
