import type { Kysely } from 'kysely';

/**
 * The embedded helpdesk (src/modules/support/server): the provider's departments, priorities and statuses
 * (data, with their colours; the same for every school), each school's tickets with their threads
 * and attachments, and the knowledgebase's articles. The departments, priorities and statuses are
 * written here, as the helpdesk cannot take a ticket without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_departments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_priorities')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('colour', 'varchar(7)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_statuses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // What the helpdesk's rules name a status by (a new ticket is 'open', a provider's reply 'answered'...).
    .addColumn('key', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('colour', 'varchar(7)', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull().references('support_departments.id'))
    .addColumn('priority_id', 'integer', (c) => c.notNull().references('support_priorities.id'))
    .addColumn('status_id', 'integer', (c) => c.notNull().references('support_statuses.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('portal_origin', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // My Tickets: a school's tickets, last updated first.
  await db.schema.createIndex('support_tickets_updated_idx').on('support_tickets').columns(['domain_id', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_ticket_idx').on('support_messages').columns(['ticket_id', 'id']).execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('message_id', 'integer', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(127)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_attachments_message_idx').on('support_attachments').columns(['message_id']).execute();

  await db.schema
    .createTable('support_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('category', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // Lowercased, accents folded: what the search compares (portable LIKE, see db/search.ts).
    .addColumn('search_title', 'varchar(300)', (c) => c.notNull())
    .addColumn('search_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  const departments = ['Technical', 'Billing', 'Training'];
  await db
    .insertInto('support_departments' as never)
    .values(departments.map((name, position) => ({ name, position })) as never)
    .execute();
  const priorities = [
    ['Low', '#2fb344'],
    ['Medium', '#f59f00'],
    ['High', '#f76707'],
    ['Urgent', '#d63939'],
  ];
  await db
    .insertInto('support_priorities' as never)
    .values(priorities.map(([name, colour], position) => ({ name, colour, position })) as never)
    .execute();
  const statuses = [
    ['open', 'Open', '#206bc4', 0],
    ['awaiting', 'Awaiting reply', '#ae3ec9', 0],
    ['answered', 'Answered', '#2fb344', 0],
    ['closed', 'Closed', '#667382', 1],
  ] as const;
  await db
    .insertInto('support_statuses' as never)
    .values(statuses.map(([key, name, colour, closed], position) => ({ key, name, colour, closed, position })) as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_articles').execute();
  await db.schema.dropTable('support_attachments').execute();
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
  await db.schema.dropTable('support_statuses').execute();
  await db.schema.dropTable('support_priorities').execute();
  await db.schema.dropTable('support_departments').execute();
}
