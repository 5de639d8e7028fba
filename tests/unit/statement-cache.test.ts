import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheStatements, migrateToLatest, openDatabase, type CachingSqliteDatabase } from '../../src/platform/db';

/**
 * The SQLite statement cache Kysely is given (src/platform/db/index.ts): one prepared statement per
 * SQL text, bounded, never handed out while an iterator holds it, and correct across schema changes.
 */

interface Things {
  things: { id: Generated<number>; name: string; size?: number | null };
}

let dir: string;
let sqlite: SQLite.Database;
let cache: CachingSqliteDatabase;
let db: Kysely<Things>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
  sqlite = new SQLite(path.join(dir, 'test.db'));
  cache = cacheStatements(sqlite, 4);
  db = new Kysely<Things>({ dialect: new SqliteDialect({ database: cache }) });
  await db.schema.createTable('things').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
  await db.insertInto('things').values([{ name: 'a' }, { name: 'b' }, { name: 'c' }]).execute();
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite statement cache', () => {
  it('prepares a SQL text once and hands the same statement back', () => {
    const first = cache.prepare('select name from things where id = ?');
    expect(cache.prepare('select name from things where id = ?')).toBe(first);
    expect(cache.prepare('select name from things where id = ? ')).not.toBe(first);
  });

  it('gives every Kysely query its own parameters through the shared statement', async () => {
    const byId = (id: number) => db.selectFrom('things').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'a' });
    expect(await byId(2)).toEqual({ name: 'b' });
    expect(await byId(9)).toBeUndefined();
    const sizeAfter = cache.size;
    await byId(3);
    expect(cache.size).toBe(sizeAfter);
    // Writes: run() with its changes and insert id, through a kept statement too.
    const insert = (name: string) => db.insertInto('things').values({ name }).executeTakeFirstOrThrow();
    expect((await insert('d')).insertId).toBe(4n);
    expect((await insert('e')).insertId).toBe(5n);
    const update = await db.updateTable('things').set({ name: 'z' }).where('id', '>', 3).executeTakeFirstOrThrow();
    expect(update.numUpdatedRows).toBe(2n);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} as n from things`);
    const [one, two] = [cache.prepare(texts[0]!), cache.prepare(texts[1]!)];
    cache.clear();
    const s1 = cache.prepare(texts[0]!);
    cache.prepare(texts[1]!);
    cache.prepare(texts[2]!);
    cache.prepare(texts[3]!);
    expect(cache.prepare(texts[0]!)).toBe(s1); // used again: now the most recent
    cache.prepare(texts[4]!); // past the bound of 4: texts[1] goes
    expect(cache.size).toBe(4);
    expect(cache.prepare(texts[0]!)).toBe(s1);
    expect(cache.prepare(texts[1]!)).not.toBe(two);
    expect(one).not.toBe(s1);
  });

  it('never keeps a statement that fails to prepare', () => {
    expect(() => cache.prepare('select * from nowhere')).toThrow(/no such table/);
    const size = cache.size;
    expect(() => cache.prepare('select * from nowhere')).toThrow(/no such table/);
    expect(cache.size).toBe(size);
  });

  it('hands out another statement while an iterator holds the kept one', () => {
    const text = 'select id, name from things order by id';
    const iterator = cache.prepare(text).iterate([]);
    const first = iterator.next();
    expect(first.value).toEqual({ id: 1, name: 'a' });
    // The kept statement is busy: the same SQL meanwhile gets a statement of its own that works.
    const other = cache.prepare(text);
    expect(other.all([])).toHaveLength(3);
    expect(iterator.next().value).toEqual({ id: 2, name: 'b' });
    iterator.return?.();
    expect(cache.prepare(text).all([])).toHaveLength(3);
  });

  it("reuses a Kysely stream's statement once the stream ends, even when left early", async () => {
    // Kysely runs one operation at a time on its one SQLite connection: nothing else runs during a stream.
    const query = () => db.selectFrom('things').select(['id', 'name']).orderBy('id');
    const seen: string[] = [];
    for await (const row of query().stream()) seen.push(row.name);
    expect(seen).toEqual(['a', 'b', 'c']);
    for await (const row of query().stream()) {
      expect(row.name).toBe('a');
      break;
    }
    expect(await query().execute()).toHaveLength(3);
    const again: string[] = [];
    for await (const row of query().stream()) again.push(row.name);
    expect(again).toEqual(['a', 'b', 'c']);
  });

  it('sees a schema change in a statement prepared before it', async () => {
    const everything = () => db.selectFrom('things').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await everything()).toEqual({ id: 1, name: 'a' });
    await db.schema.alterTable('things').addColumn('size', 'integer').execute();
    await db.updateTable('things').set({ size: 7 }).where('id', '=', 1).execute();
    expect(await everything()).toEqual({ id: 1, name: 'a', size: 7 });
    await db.schema.dropTable('things').execute();
    await expect(everything()).rejects.toThrow(/no such table/);
    await db.schema.createTable('things').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('things').values({ id: 1, name: 'again' }).execute();
    expect(await everything()).toEqual({ id: 1, name: 'again' });
  });

  it('runs transactions and their rollback through kept statements', async () => {
    for (let round = 0; round < 3; round++) {
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('things').values({ name: `t${round}` }).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await db.transaction().execute((trx) => trx.insertInto('things').values({ name: `k${round}` }).execute());
    }
    const names = (await db.selectFrom('things').select('name').orderBy('id').execute()).map((r) => r.name);
    expect(names).toEqual(['a', 'b', 'c', 'k0', 'k1', 'k2']);
    const { rows } = await sql<{ n: number }>`select count(*) as n from things`.execute(db);
    expect(rows[0]?.n).toBe(6);
  });
});

describe("the portal's SQLite database", () => {
  it("reads a migration's new columns through the statement cache", async () => {
    const file = path.join(dir, 'portal.db');
    const portal = openDatabase(file);
    try {
      await migrateToLatest(portal, {
        '0001': { up: (m) => m.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('label', 'text').execute() },
      });
      const items = portal as unknown as Kysely<{ items: { id: Generated<number>; label: string | null } }>;
      await items.insertInto('items').values({ label: 'x' }).execute();
      const row = () => items.selectFrom('items').selectAll().executeTakeFirst();
      expect(await row()).toEqual({ id: 1, label: 'x' });
      await migrateToLatest(portal, {
        '0001': { up: async () => undefined },
        '0002': { up: (m) => m.schema.alterTable('items').addColumn('extra', 'integer', (c) => c.defaultTo(5)).execute() },
      });
      expect(await row()).toEqual({ id: 1, label: 'x', extra: 5 });
    } finally {
      await portal.destroy();
    }
  });
});
