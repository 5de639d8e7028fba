import type { Kysely } from 'kysely';

/** Manage Users' invitations and the sign-in page's password resets (src/modules/account/server/embedded/schema.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('sent_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('account_invitations_domain_idx').on('account_invitations').column('domain_id').execute();

  await db.schema
    .createTable('account_password_resets')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('account_password_resets_email_idx').on('account_password_resets').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('account_password_resets_ip_idx').on('account_password_resets').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('account_password_resets_user_idx').on('account_password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_password_resets').execute();
  await db.schema.dropTable('account_invitations').execute();
}
