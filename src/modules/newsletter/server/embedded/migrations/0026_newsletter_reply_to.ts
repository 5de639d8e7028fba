import type { Kysely } from 'kysely';

/**
 * A send's Reply-To (issue 28): where families' answers go. The From address is the portal's,
 * which reads no mail; null keeps the sends made before it as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_sends').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_sends').dropColumn('reply_to').execute();
}
