import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';

/**
 * The staff lists (src/modules/staff/server): each school's app list and website list.
 *
 * The website list is published on the school's public site (its staff directory, and the
 * footer's link to it on every site page), whose rendered pages are kept until the school's
 * `website_site_versions` counter moves (website migration 0005). Rows of the website list move
 * that counter as the website's own tables do: by triggers, so no write path (the calls, the demo
 * seed, a school's deletion cascading) can forget to. The app list is not on the site and moves nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_members')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('list', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('biography', 'text', (c) => c.notNull())
    .addColumn('section', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A list in its order. Not unique: a move or a deletion renumbers rows one statement at a
  // time, which a unique index would trip over midway; the list's lock keeps positions whole.
  await db.schema.createIndex('staff_members_list_idx').on('staff_members').columns(['domain_id', 'list', 'position']).execute();

  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const BUMP = (domain: string, where: string) =>
  `insert into website_site_versions (domain_id, version) select ${domain}, 1 where ${where} ` +
  'on conflict (domain_id) do update set version = website_site_versions.version + 1';

const EVENTS = ['insert', 'update', 'delete'] as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const event of EVENTS) {
    const rows = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
    const bumps = rows.map((row) => `${BUMP(`${row}.domain_id`, `${row}.list = 'website'`)};`);
    await sql.raw(`create trigger staff_members_site_${event} after ${event} on staff_members begin ${bumps.join(' ')} end`).execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function staff_site_touch() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    ${BUMP('old.domain_id', "old.list = 'website'")};
  end if;
  if tg_op <> 'DELETE' then
    ${BUMP('new.domain_id', "new.list = 'website'")};
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw('create trigger staff_members_site after insert or update or delete on staff_members for each row execute function staff_site_touch()')
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger if exists staff_members_site on staff_members').execute(db);
    await sql.raw('drop function if exists staff_site_touch()').execute(db);
  } else {
    for (const event of EVENTS) await sql.raw(`drop trigger if exists staff_members_site_${event}`).execute(db);
  }
  await db.schema.dropTable('staff_members').execute();
}
