import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';

/**
 * Invitations are each school's own (issue 26): one per address and school, so a school inviting an
 * address never stops another from inviting it, nor tells it that someone did. 0018 made `email`
 * unique across schools; `(domain_id, email)` is unique now (it also serves the school's list, so the
 * domain index goes). PostgreSQL swaps the constraints; SQLite cannot drop one, so the table is made
 * again and its rows copied (ids kept: the mail jobs waiting name them).
 */
const COLUMNS = sql.raw('id, domain_id, email, name, invited_by, created_at, requested_at, token_hash, sent_at, expires_at');

async function rebuildOnSqlite(db: Kysely<unknown>, unique: 'email' | 'school'): Promise<void> {
  await db.schema
    .createTable('account_invitations_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => (unique === 'email' ? c.notNull().unique() : c.notNull()))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('sent_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .$call((table) => (unique === 'school' ? table.addUniqueConstraint('account_invitations_school_email_unique', ['domain_id', 'email']) : table))
    .execute();
  await sql`insert into account_invitations_new (${COLUMNS}) select ${COLUMNS} from account_invitations`.execute(db);
  await db.schema.dropTable('account_invitations').execute();
  await db.schema.alterTable('account_invitations_new').renameTo('account_invitations').execute();
  if (unique === 'email') await db.schema.createIndex('account_invitations_domain_idx').on('account_invitations').column('domain_id').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildOnSqlite(db, 'school');
  await db.schema.alterTable('account_invitations').dropConstraint('account_invitations_email_key').execute();
  await db.schema.alterTable('account_invitations').addUniqueConstraint('account_invitations_school_email_unique', ['domain_id', 'email']).execute();
  await db.schema.dropIndex('account_invitations_domain_idx').execute();
}

/** Back to one invitation per address: fails while two schools invite the same one. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildOnSqlite(db, 'email');
  await db.schema.createIndex('account_invitations_domain_idx').on('account_invitations').column('domain_id').execute();
  await db.schema.alterTable('account_invitations').dropConstraint('account_invitations_school_email_unique').execute();
  await db.schema.alterTable('account_invitations').addUniqueConstraint('account_invitations_email_key', ['email']).execute();
}
