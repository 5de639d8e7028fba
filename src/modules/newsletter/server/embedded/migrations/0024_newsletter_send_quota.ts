import type { Kysely } from 'kysely';

/**
 * Each school's daily send quota (issue 26): how many newsletter emails it may send in 24 hours,
 * set by the operator (`npm run portal -- quota set`); a school without a row has the
 * configuration's default (PORTAL_DAILY_SEND_QUOTA). The sends' index by time answers "how many
 * in the last 24 hours" from the school's recent sends alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_send_quotas')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('daily_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_sends_recent_idx').on('newsletter_sends').columns(['domain_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_sends_recent_idx').execute();
  await db.schema.dropTable('newsletter_send_quotas').execute();
}
