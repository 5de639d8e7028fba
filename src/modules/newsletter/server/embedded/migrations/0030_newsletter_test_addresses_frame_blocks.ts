import type { Kysely } from 'kysely';

/**
 * Issue 29's two additions to the newsletter (one file: the module's migrations folder holds ten):
 * - `newsletter_test_addresses`: where a user's test sends go (§2), up to five addresses,
 *   remembered per user per school, as a JSON array in the order typed. No row: the user's own address.
 * - `newsletter_frames.blocks`: the school's header and footer built with blocks (§3), their JSON
 *   ({header, footer} lists of builder blocks); null for a frame of HTML, as every frame saved
 *   before was (it stays as written until the school switches to blocks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_test_addresses')
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('addresses', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_test_addresses_pk', ['domain_id', 'user_id'])
    .execute();
  await db.schema.alterTable('newsletter_frames').addColumn('blocks', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_frames').dropColumn('blocks').execute();
  await db.schema.dropTable('newsletter_test_addresses').execute();
}
