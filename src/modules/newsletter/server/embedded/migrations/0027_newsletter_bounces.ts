import type { Kysely } from 'kysely';

/**
 * Bounces and complaints (issue 28): `newsletter_bounces` keeps every report (from the bounce
 * mailbox or a provider's webhook) against the school and, when known, the delivery and send it is
 * about; `event_id` makes a report read twice count once. A report names a copy by its VERP tag,
 * its Message-ID or only its address: deliveries are found by the last two across schools.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_bounces')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('send_id', 'integer')
    .addColumn('delivery_id', 'integer')
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('event_id', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('newsletter_bounces_event_unique', ['domain_id', 'event_id'])
    .execute();
  await db.schema.createIndex('newsletter_bounces_address_idx').on('newsletter_bounces').columns(['domain_id', 'email_key', 'created_at']).execute();
  await db.schema.createIndex('newsletter_bounces_send_idx').on('newsletter_bounces').columns(['send_id', 'kind']).execute();
  await db.schema.createIndex('newsletter_deliveries_message_any_idx').on('newsletter_deliveries').columns(['message_id']).execute();
  await db.schema.createIndex('newsletter_deliveries_address_idx').on('newsletter_deliveries').columns(['email_key', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_deliveries_address_idx').execute();
  await db.schema.dropIndex('newsletter_deliveries_message_any_idx').execute();
  await db.schema.dropTable('newsletter_bounces').execute();
}
