import type { Kysely } from 'kysely';

/** App notifications (src/modules/app/server): the public sites' push subscriptions, sent notifications and their deliveries. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('app_push_subscriptions_endpoint_key', ['domain_id', 'endpoint'])
    .execute();

  await db.schema
    .createTable('app_notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('post_title', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('devices', 'integer', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The history and the feed: a school's notifications, newest first.
  await db.schema.createIndex('app_notifications_domain_idx').on('app_notifications').columns(['domain_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('app_push_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('app_notifications.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('response', 'varchar(300)')
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('app_push_deliveries_key', ['notification_id', 'subscription_id'])
    .execute();
  // The job's next batch: a notification's due pending deliveries.
  await db.schema.createIndex('app_push_deliveries_due_idx').on('app_push_deliveries').columns(['notification_id', 'status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('app_push_requests')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_push_requests_ip_idx').on('app_push_requests').columns(['ip', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_push_requests').execute();
  await db.schema.dropTable('app_push_deliveries').execute();
  await db.schema.dropTable('app_notifications').execute();
  await db.schema.dropTable('app_push_subscriptions').execute();
}
