import type { Kysely } from 'kysely';

/**
 * Learning in the Cloud (src/modules/hapara/server): each school's roster (students, classes, teachers,
 * its settings) and the change requests that wait for the provider's verification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hapara_settings')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('mail_domain', 'varchar(253)', (c) => c.notNull())
    .addColumn('username_rule', 'varchar(100)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('folders', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('hapara_teachers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addUniqueConstraint('hapara_teachers_username_key', ['domain_id', 'username'])
    .execute();

  await db.schema
    .createTable('hapara_classes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('teachers', 'text', (c) => c.notNull())
    .addColumn('folders', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('hapara_classes_code_key', ['domain_id', 'code'])
    .execute();

  await db.schema
    .createTable('hapara_students')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('class_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull())
    .addColumn('search', 'varchar(600)', (c) => c.notNull())
    .addColumn('pending_add', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('hapara_students_username_key', ['domain_id', 'username'])
    .execute();
  // The list's order (last name, first name) and its filter.
  await db.schema.createIndex('hapara_students_name_idx').on('hapara_students').columns(['domain_id', 'last_name', 'first_name', 'id']).execute();

  await db.schema
    .createTable('hapara_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.references('hapara_students.id').onDelete('set null'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requester_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('requester_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('hapara_requests_status_idx').on('hapara_requests').columns(['domain_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('hapara_requests_student_idx').on('hapara_requests').columns(['domain_id', 'student_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hapara_requests').execute();
  await db.schema.dropTable('hapara_students').execute();
  await db.schema.dropTable('hapara_classes').execute();
  await db.schema.dropTable('hapara_teachers').execute();
  await db.schema.dropTable('hapara_settings').execute();
}
