import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { isPostgres } from '../../platform/db';
import type { Runtime } from '../../platform/runtime';
import { usageError } from '../../platform/cli/command';

/**
 * `backup --to DIR`: a consistent copy of a SQLite install while it runs: the database through
 * `VACUUM INTO` (one transaction: what was committed when it began) and the uploaded files beside
 * it. Restoring is copying both back into an empty PORTAL_DATA_DIR with the portal stopped. On
 * PostgreSQL the database is the server's to back up (pg_dump); the files are copied the same way.
 */
export async function backup(runtime: Runtime, to: string, print: (line: string) => void): Promise<void> {
  const dir = path.resolve(to);
  const existing = await fs.readdir(dir).catch(() => null);
  if (existing && existing.length > 0) throw usageError(`${dir} is not empty: back up into a new folder.`);
  await fs.mkdir(dir, { recursive: true });
  if (isPostgres(runtime.db)) {
    print('The database is PostgreSQL: back it up with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > portal.dump).');
  } else {
    const file = path.join(dir, 'portal.db');
    await sql`VACUUM INTO ${file}`.execute(runtime.db);
    print(`Database: ${file}`);
  }
  const uploads = path.join(runtime.config.PORTAL_DATA_DIR, 'uploads');
  if (await fs.stat(uploads).catch(() => null)) {
    await fs.cp(uploads, path.join(dir, 'uploads'), { recursive: true });
    print(`Files: ${path.join(dir, 'uploads')}`);
  }
}
