import type { Kysely } from 'kysely';

/** A school's outbox messages found by their Message-ID (a send's copies on 'Sent newsletters'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('mail_outbox_message_idx').on('mail_outbox').columns(['domain_id', 'message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_message_idx').execute();
}
