import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './schema';
import { isPostgres, PortableSchemaPlugin, StripNulPlugin } from './dialect';

export type Db = Kysely<Database>;
export { dialectOf, isPostgres, isUniqueViolation, jsonRows, lockInTransaction, skipLocked, type DialectName, type JsonRows } from './dialect';

/** Where the data lives: PostgreSQL when `DATABASE_URL` is set, else the SQLite file (the embedded default). */
export interface DatabaseTarget {
  DATABASE_URL?: string | undefined;
  databaseFile: string;
}

/**
 * Opens the database the configuration names (pass the Config itself): a pool on the PostgreSQL
 * server of `DATABASE_URL`, or the SQLite file `databaseFile` (created if needed). A bare path
 * opens that SQLite file.
 */
export function openDatabase(target: DatabaseTarget | string): Db {
  const { DATABASE_URL: url, databaseFile } = typeof target === 'string' ? { DATABASE_URL: undefined, databaseFile: target } : target;
  return url ? openPostgres(url) : openSqlite(databaseFile);
}

/**
 * int8 (bigint columns: unix seconds, sizes; and count(*)) as a JavaScript number, as SQLite
 * gives it, instead of pg's string. Every such value fits a double; one that does not is an
 * error rather than a silently rounded number.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Database integer ${text} is beyond JavaScript's safe range.`);
  return value;
}

const INT8_OID = 20;

function openPostgres(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // This pool's own parsers, so nothing global in pg changes for other users of the module.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, failover) must not crash the process: the
  // pool replaces it, and the next query reports any lasting failure.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new StripNulPlugin()] });
}

/** How many prepared statements an SQLite database keeps (the portal runs a few hundred distinct queries). */
export const STATEMENT_CACHE_SIZE = 500;

/** The SQLite database Kysely is given, with its prepared statements kept (see cacheStatements). */
export interface CachingSqliteDatabase extends SqliteDatabase {
  /** Forgets every kept statement (after a schema change). */
  clear(): void;
  /** How many statements are kept. */
  readonly size: number;
}

/**
 * Wraps a better-sqlite3 database for Kysely's SqliteDialect so that `prepare(sql)` returns the
 * statement prepared for the same SQL before (least recently used first out past `max`): Kysely's
 * driver prepares on every query, and preparing costs more than running a small indexed query.
 *
 * Kysely's driver (kysely/dist/.../sqlite-driver.js) calls `prepare(sql)`, reads `stmt.reader`,
 * then runs it once with `all(parameters)` or `run(parameters)`, or streams it with
 * `iterate(parameters)`. `all` and `run` finish (and reset the statement) before they return, so
 * one statement serves every query of its SQL, one after another (one connection, one thread;
 * Kysely runs one operation at a time on it). An open iterator keeps its statement busy until it
 * ends or is left: should the same SQL be prepared meanwhile, it gets a statement of its own (not
 * kept). Kept statements survive schema changes (SQLite prepares them again by itself, and
 * better-sqlite3 then reads the new columns); the migrator clears the cache all the same.
 */
export function cacheStatements(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): CachingSqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const found = kept.get(sql);
      if (found !== undefined) {
        if (found.busy) return sqlite.prepare(sql);
        // Most recently used last: delete and add again.
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = sqlite.prepare(sql);
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
      return statement;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
    clear() {
      kept.clear();
    },
    get size() {
      return kept.size;
    },
  };
}

/** The statement cache of each SQLite Db this module opened (the migrator clears it). */
const statementCaches = new WeakMap<Db, CachingSqliteDatabase>();

function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const database = cacheStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins: [new StripNulPlugin()] });
  statementCaches.set(db, database);
  return db;
}

/**
 * Applies every pending migration of `migrations` (src/app/modules.ts lists them all); a no-op
 * when current. Migrations are written once for both databases with Kysely's schema builder.
 */
export async function migrateToLatest(db: Db, migrations: Readonly<Record<string, Migration>>): Promise<void> {
  // PostgreSQL: the migrations' SQLite types translated (see PortableSchemaPlugin). Several
  // instances starting at once are safe: Kysely's migrator takes an advisory lock there.
  const schemaDb = isPostgres(db) ? db.withPlugin(new PortableSchemaPlugin()) : db;
  const migrator = new Migrator({ db: schemaDb, provider: { getMigrations: async () => ({ ...migrations }) } });
  const { error, results } = await migrator.migrateToLatest();
  // The schema may have changed: prepare every statement afresh (SQLite would re-prepare them itself).
  statementCaches.get(db)?.clear();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
