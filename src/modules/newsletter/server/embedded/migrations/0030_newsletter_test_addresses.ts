import type { Kysely } from 'kysely';

/**
 * Where a user's test sends go (issue 29 §2): up to five addresses, remembered per user per
 * school, as a JSON array in the order typed. No row: the user's own address.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_test_addresses').execute();
}
