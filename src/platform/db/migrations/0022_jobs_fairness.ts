import type { Kysely } from 'kysely';

/**
 * Fair shares of the job worker between schools (src/platform/jobs/queue.ts): `jobs.domain_id` is
 * the school a job works for (null for schedules and provider-wide work, which count as one school
 * of their own), also counted by modules that limit a school's jobs of a kind (the PDF export);
 * `jobs.turn` is the round it runs in, given at enqueue (`nextTurn`), leased lowest first. No
 * foreign key: a job keeps what it works on in its payload and finds nothing once a school is
 * removed, as before. Jobs already queued take turn 0: they go first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('domain_id', 'integer').execute();
  await db.schema.alterTable('jobs').addColumn('turn', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The claim: each type's due jobs by turn (replaces the first-in-first-out order by run_at).
  await db.schema.dropIndex('jobs_due_idx').execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'name', 'turn', 'id']).execute();
  // A new job's turn: the lowest turn due, and its school's last pending turn (and the PDF export's counts).
  await db.schema.createIndex('jobs_turn_idx').on('jobs').columns(['status', 'turn']).execute();
  await db.schema.createIndex('jobs_school_idx').on('jobs').columns(['domain_id', 'status', 'turn']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_school_idx').execute();
  await db.schema.dropIndex('jobs_turn_idx').execute();
  await db.schema.dropIndex('jobs_claim_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('turn').execute();
  await db.schema.alterTable('jobs').dropColumn('domain_id').execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}
