import type { Kysely } from 'kysely';

/** The delivery that sent a message, found by its Message-ID (an outbox message's send). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('newsletter_deliveries_message_idx').on('newsletter_deliveries').columns(['domain_id', 'message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_deliveries_message_idx').execute();
}
