import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';

/**
 * `newsletter_member_counts`: each school's number of members, so the mailing list's pages answer
 * "how many" without counting the whole list every time (issue 30: a page at 20,000 members cost
 * 2.26× one at 100). Kept by triggers, so no write path (the calls, an import, the demo seed, a
 * school's deletion cascading) can forget it. On PostgreSQL the triggers are per statement over
 * transition tables: an import of 20,000 rows moves the counter once, not 20,000 times.
 * A domain's deletion only ever decrements (or removes) its row, never inserts one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_member_counts')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into newsletter_member_counts (domain_id, total) select domain_id, count(*) from newsletter_members group by domain_id`.execute(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const ADD = (domain: string, n: string) =>
  `insert into newsletter_member_counts (domain_id, total) ${domain} ` +
  `on conflict (domain_id) do update set total = newsletter_member_counts.total + ${n}`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create trigger newsletter_member_counts_insert after insert on newsletter_members begin ${ADD('select new.domain_id, 1 where true', '1')}; end`)
    .execute(db);
  await sql
    .raw(
      'create trigger newsletter_member_counts_delete after delete on newsletter_members begin ' +
        'update newsletter_member_counts set total = total - 1 where domain_id = old.domain_id; end',
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function newsletter_member_counts_add() returns trigger language plpgsql as $$
begin
  ${ADD('select domain_id, count(*) from added group by domain_id', 'excluded.total')};
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function newsletter_member_counts_remove() returns trigger language plpgsql as $$
begin
  update newsletter_member_counts c set total = c.total - r.n
    from (select domain_id, count(*) as n from removed group by domain_id) r where c.domain_id = r.domain_id;
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger newsletter_member_counts_insert after insert on newsletter_members ' +
        'referencing new table as added for each statement execute function newsletter_member_counts_add()',
    )
    .execute(db);
  await sql
    .raw(
      'create trigger newsletter_member_counts_delete after delete on newsletter_members ' +
        'referencing old table as removed for each statement execute function newsletter_member_counts_remove()',
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists newsletter_member_counts_insert' + (isPostgres(db) ? ' on newsletter_members' : '')).execute(db);
  await sql.raw('drop trigger if exists newsletter_member_counts_delete' + (isPostgres(db) ? ' on newsletter_members' : '')).execute(db);
  if (isPostgres(db)) {
    await sql.raw('drop function if exists newsletter_member_counts_add()').execute(db);
    await sql.raw('drop function if exists newsletter_member_counts_remove()').execute(db);
  }
  await db.schema.dropTable('newsletter_member_counts').execute();
}
