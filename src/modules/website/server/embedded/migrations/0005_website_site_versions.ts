import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';

/**
 * `website_site_versions`: a counter per school that every change to what its public site shows
 * moves on, so that rendered site pages can be kept (site/page-cache.ts) and are never served
 * after a change, on every instance sharing the database. Triggers move it, not the services:
 * no write path, present or future (saves, imports, the publishing sweep, gallery uploads,
 * operator commands, cascades), can forget to.
 *
 * Tables with a `domain_id` move their school's counter on insert, update and delete (an update
 * the counters of the old and the new row's school); `website_post_categories` moves the counter
 * of its post's school.
 */
const TABLES_WITH_DOMAIN = ['website_posts', 'website_categories', 'website_galleries', 'website_media'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('website_site_versions')
    // No foreign key: a school's deletion cascades to its content, whose triggers still write here.
    .addColumn('domain_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const BUMP = {
  sql: 'insert into website_site_versions (domain_id, version) values ($DOMAIN, 1) on conflict (domain_id) do update set version = website_site_versions.version + 1',
};

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // An update moves the schools of both the old and the new row (a row that changed school).
  const rowsOf = (event: (typeof EVENTS)[number]) => (event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new']);
  for (const table of TABLES_WITH_DOMAIN) {
    for (const event of EVENTS) {
      const bumps = rowsOf(event).map((row) => `${BUMP.sql.replace('$DOMAIN', `${row}.domain_id`)};`);
      await sql.raw(`create trigger ${table}_site_${event} after ${event} on ${table} begin ${bumps.join(' ')} end`).execute(db);
    }
  }
  for (const event of EVENTS) {
    // SQLite's upsert after a SELECT needs a WHERE so that ON is not read as a join's.
    const bumps = rowsOf(event).map(
      (row) => `${BUMP.sql.replace('values ($DOMAIN, 1)', `select domain_id, 1 from website_posts where id = ${row}.post_id and true`)};`,
    );
    await sql
      .raw(`create trigger website_post_categories_site_${event} after ${event} on website_post_categories begin ${bumps.join(' ')} end`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function website_site_touch() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    ${BUMP.sql.replace('$DOMAIN', 'old.domain_id')};
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.domain_id is distinct from old.domain_id) then
    ${BUMP.sql.replace('$DOMAIN', 'new.domain_id')};
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function website_site_touch_post_category() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    ${BUMP.sql.replace('values ($DOMAIN, 1)', 'select domain_id, 1 from website_posts where id = old.post_id')};
  end if;
  if tg_op <> 'DELETE' then
    ${BUMP.sql.replace('values ($DOMAIN, 1)', 'select domain_id, 1 from website_posts where id = new.post_id')};
  end if;
  return null;
end $$`,
    )
    .execute(db);
  for (const table of TABLES_WITH_DOMAIN) {
    await sql
      .raw(`create trigger ${table}_site after insert or update or delete on ${table} for each row execute function website_site_touch()`)
      .execute(db);
  }
  await sql
    .raw(
      'create trigger website_post_categories_site after insert or update or delete on website_post_categories for each row execute function website_site_touch_post_category()',
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of [...TABLES_WITH_DOMAIN, 'website_post_categories'])
      await sql.raw(`drop trigger if exists ${table}_site on ${table}`).execute(db);
    await sql.raw('drop function if exists website_site_touch()').execute(db);
    await sql.raw('drop function if exists website_site_touch_post_category()').execute(db);
  } else {
    for (const table of [...TABLES_WITH_DOMAIN, 'website_post_categories']) {
      for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_site_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('website_site_versions').execute();
}
