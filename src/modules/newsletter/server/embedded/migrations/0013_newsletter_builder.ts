import type { Kysely } from 'kysely';

/**
 * The newsletter builder (src/modules/newsletter/server/embedded/builder): each school's builds (the spec's
 * templates: a name and the document, JSON of contracts/newsletter-builder.ts) and the header and
 * footer HTML that frame every email it builds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_builds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('build', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The school's templates by name, and the one last worked on.
  await db.schema.createIndex('newsletter_builds_domain_idx').on('newsletter_builds').columns(['domain_id', 'updated_at']).execute();

  await db.schema
    .createTable('newsletter_frames')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('header_html', 'text', (c) => c.notNull())
    .addColumn('footer_html', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_frames').execute();
  await db.schema.dropTable('newsletter_builds').execute();
}
