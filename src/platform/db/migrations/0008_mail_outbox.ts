import type { Kysely } from 'kysely';

/**
 * The mail outbox (src/platform/mail/outbox.ts): where messages go when no MAIL_URL is configured.
 * A school's messages go with the school.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('raw', 'text', (c) => c.notNull())
    .execute();
  // A school's outbox, newest first.
  await db.schema.createIndex('mail_outbox_domain_idx').on('mail_outbox').columns(['domain_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
