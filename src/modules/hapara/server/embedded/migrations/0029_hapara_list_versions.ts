import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../../../platform/db/dialect';

/**
 * `hapara_list_versions`: per school, a version of what the whole student list shows (its students
 * and their pending requests) and how many students it has. The whole list (the spec's
 * `studentList`) is answered once per version and then from the answer kept for it, with an ETag
 * (issue 30: at 10,000 students every call read and serialised 1.4 MB). Triggers keep both, so no
 * write path (the calls, an upload, the provider's replies, a cascade) can forget to. On
 * PostgreSQL they run per statement over transition tables: an upload of 10,000 students moves the
 * row once. No foreign key: a school's deletion cascades to its students, whose triggers still write here.
 */
const TABLES = ['hapara_students', 'hapara_requests'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hapara_list_versions')
    .addColumn('domain_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('students', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into hapara_list_versions (domain_id, version, students) select domain_id, 1, count(*) from hapara_students group by domain_id`.execute(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** How a change moves a school's row: the version by one, the students by `delta` (their own table only). */
const MOVE = (domain: string, delta: string) =>
  `insert into hapara_list_versions (domain_id, version, students) ${domain.replace('$DELTA', delta)} ` +
  'on conflict (domain_id) do update set version = hapara_list_versions.version + 1, students = hapara_list_versions.students + excluded.students';

const deltaOf = (table: (typeof TABLES)[number], event: (typeof EVENTS)[number], count: string) =>
  table !== 'hapara_students' || event === 'update' ? '0' : event === 'insert' ? count : `-${count}`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const event of EVENTS) {
      const row = event === 'insert' ? 'new' : 'old';
      // (`where true`: SQLite's reading of an upsert after a SELECT needs a WHERE.)
      const move = MOVE(`select ${row}.domain_id, 1, $DELTA where true`, deltaOf(table, event, '1'));
      await sql.raw(`create trigger ${table}_list_${event} after ${event} on ${table} begin ${move}; end`).execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const event of EVENTS) {
      const name = `${table}_list_${event}`;
      const move = MOVE('select domain_id, 1, $DELTA from changed group by domain_id', deltaOf(table, event, 'count(*)'));
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${move}; return null; end $$`).execute(db);
      const rows = event === 'delete' ? 'old table as changed' : 'new table as changed';
      await sql.raw(`create trigger ${name} after ${event} on ${table} referencing ${rows} for each statement execute function ${name}()`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const event of EVENTS) {
      const name = `${table}_list_${event}`;
      if (isPostgres(db)) {
        await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
        await sql.raw(`drop function if exists ${name}()`).execute(db);
      } else await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('hapara_list_versions').execute();
}
