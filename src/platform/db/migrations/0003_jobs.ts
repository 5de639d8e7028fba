import type { Kysely } from 'kysely';

/**
 * The job queue (src/platform/jobs): work that must survive a restart, leased by one worker at a
 * time. Times are unix seconds; `status` is 'pending' (due at `run_at`, leased while
 * `lease_until` is in the future), 'done' or 'failed' (kept for inspection, purged later).
 * `idempotency_key` is unique when set (several NULLs are allowed on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('leased_by', 'varchar(100)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The worker's question: pending jobs whose time has come.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  // The clean-up's: finished jobs older than their keeping time.
  await db.schema.createIndex('jobs_finished_idx').on('jobs').columns(['status', 'finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
