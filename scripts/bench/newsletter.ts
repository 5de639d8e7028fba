/**
 * Section 'newsletter' of `npm run bench`: the mailing list at school scale, in process (the
 * services on a real database, no HTTP): CSV import rows per second for 10,000 and 100,000 rows
 * (the whole import: parsing, checking every row, one transaction), and the list's first page
 * (the screen's loader) for a school of 20,000 members against one of 100. Both schools get a staff
 * user, so that bench.mjs can then time the same first page through HTTP (GET
 * /api/newsletter/manage/list/page, signed in) on the API served from the sources.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../../src/platform/config';
import { openDatabase, type Db } from '../../src/platform/db';
import { migrateAll } from '../../src/app/process';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { schoolContext, type SchoolContext } from '../../src/platform/context';
import { importMembers } from '../../src/modules/newsletter/server/embedded/members/import';
import { listMembersPage } from '../../src/modules/newsletter/server/embedded/members/service';

const NO_PRODUCTS = { hapara: false, newsletter: true, builder: false, website: false, app: false };

function csvOf(rows: number, tag: string): Uint8Array {
  const lines = ['Name,Email'];
  for (let i = 0; i < rows; i += 1) lines.push(`Parent ${i} ${tag},parent${i}.${tag}@families.example.org`);
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

async function school(db: Db, label: string): Promise<SchoolContext> {
  const now = Math.floor(Date.now() / 1000);
  const created = await createSchool(db, { label, name: label, products: NO_PRODUCTS }, now);
  return schoolContext(db, { id: created.id, label }, now);
}

/** A school's staff sign-in, for the HTTP measurements. */
export interface ListSchool {
  members: number;
  email: string;
  password: string;
}

export interface NewsletterFigures {
  importRows: Array<{ rows: number; seconds: number; rowsPerSecond: number }>;
  listP50: { small: number; large: number };
  /** The two schools of the list figures, left in the database: 100 members, then 20,000. */
  listSchools: [ListSchool, ListSchool];
}

async function staffOf(db: Db, ctx: SchoolContext, members: number): Promise<ListSchool> {
  const user = { email: `office@${ctx.domain.label}`, password: crypto.randomBytes(12).toString('base64url') };
  await addUser(db, { label: ctx.domain.label, name: 'Bench Office', ...user }, ctx.now);
  return { members, ...user };
}

/** Runs the section on a new SQLite file in `dataDir`, or on the PostgreSQL database `databaseUrl`. */
export async function benchNewsletter(dataDir: string, databaseUrl?: string): Promise<NewsletterFigures> {
  const db = openDatabase(parseConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }));
  try {
    await migrateAll(db);
    const importRows: NewsletterFigures['importRows'] = [];
    for (const rows of [10_000, 100_000]) {
      const ctx = await school(db, `import${rows}.bench`);
      const bytes = csvOf(rows, String(rows));
      const started = performance.now();
      const summary = await importMembers(ctx, bytes, false);
      const seconds = (performance.now() - started) / 1000;
      if (summary.added !== rows) throw new Error(`The import of ${rows} rows added ${summary.added}.`);
      importRows.push({ rows, seconds, rowsPerSecond: rows / seconds });
    }
    const small = await school(db, 'small.list.bench');
    await importMembers(small, csvOf(100, 'small'), false);
    const large = await school(db, 'large.list.bench');
    await importMembers(large, csvOf(20_000, 'large'), false);
    const p50 = async (ctx: SchoolContext) => {
      const times: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        const started = performance.now();
        await listMembersPage(ctx, { page: 1, query: '' });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)] ?? 0;
    };
    // Interleaved, twice each, so neither school has the warmer process.
    await p50(small);
    await p50(large);
    const listP50 = { small: await p50(small), large: await p50(large) };
    return { importRows, listP50, listSchools: [await staffOf(db, small, 100), await staffOf(db, large, 20_000)] };
  } finally {
    await db.destroy();
  }
}
