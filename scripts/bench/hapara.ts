/**
 * Section 'hapara' of `npm run bench` (issue 12's figures), in process on a real database (no
 * HTTP): two schools with Learning in the Cloud on (settings with a Student ID field, 24 classes,
 * 100 and 2,000 students with realistic names from a seeded faker, a staff user each; on
 * PostgreSQL, VACUUM ANALYZE once they are in), then
 *   - the student list screen's loader (loadStudentListScreen, page 1, no filter: what the first
 *     HTML of /hapara/studentlist is built from), p50 of many runs for each school;
 *   - a leavers CSV of 2,000 rows naming every student of the large school: seconds to the dry run;
 *   - the whole list's JSON as GET /api/hapara/manage/studentlist answers it (envelope included),
 *     written to a file for the bench API server's trivial route to answer from memory.
 * bench.mjs then times the HTTP figures on the API served from the sources, signed in.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { base, en, en_AU, Faker } from '@faker-js/faker';
import { parseConfig } from '../../src/platform/config';
import { sql } from 'kysely';
import { isPostgres, openDatabase, type Db } from '../../src/platform/db';
import { migrateAll, startPortalWorkPool } from '../../src/app/process';
import { stopWorkPool } from '../../src/platform/work/pool';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import type { RequestContext } from '../../src/platform/context';
import type { Success } from '../../src/lib/contract/envelope';
import type { StudentRow } from '../../src/modules/hapara/contract';
import { writeSettings } from '../../src/modules/hapara/server/embedded/settings';
import { makeUsername, studentEmail } from '../../src/modules/hapara/server/embedded/username';
import { insertStudents, type NewStudent } from '../../src/modules/hapara/server/embedded/students/repository';
import { listAllStudents } from '../../src/modules/hapara/server/embedded/students/service';
import { embeddedHaparaBackend } from '../../src/modules/hapara/server/embedded/backend';
import { loadStudentListScreen } from '../../src/modules/hapara/server/screens';
import { foldText } from '../../src/modules/hapara/server/embedded/leavers/match';
import { uploadLeavers } from '../../src/modules/hapara/server/embedded/leavers/service';

export const SMALL_STUDENTS = 100;
export const LARGE_STUDENTS = 2_000;
/** Loader runs per school and pass (two passes each, interleaved: the first warms up). */
export const LOADER_RUNS = 300;
/** Dry runs after the first (cold) one: the figure is their median. */
export const LEAVERS_RUNS = 5;

const SEED = 1217;
const PRODUCTS = { hapara: true, newsletter: false, builder: false, website: false, app: false };
const ID_FIELD = 'Student ID';
const USERNAME_RULE = '{first}.{last}{yy}';
const HOUSES = [
  { code: 'KAH', name: 'Kahikatea' },
  { code: 'TOT', name: 'Tōtara' },
  { code: 'RIM', name: 'Rimu' },
  { code: 'KOW', name: 'Kōwhai' },
];
const CLASSES = [7, 8, 9, 10, 11, 12].flatMap((level) => HOUSES.map((h) => ({ code: `${level}${h.code}`, name: `Year ${level} ${h.name}` })));
// Faker's en_AU has no Māori names: a few, so that folding macrons is part of the leavers match.
const MAORI_FIRST = ['Aroha', 'Hēmi', 'Nīkau', 'Ātaahua', 'Tāne', 'Mānaia', 'Wiremu', 'Anahera'];
const MAORI_LAST = ['Pōmare', 'Tāwhiri', 'Rāwiri', 'Ngāwhika', 'Te Rangi', 'Parata', 'Kereama', 'Whaanga'];

/** A school's staff sign-in, for the HTTP measurements. */
export interface HaparaSchool {
  students: number;
  email: string;
  password: string;
}

export interface HaparaFigures {
  /** The loader's p50 in ms, 100 and 2,000 students. */
  loaderP50: { small: number; large: number };
  leavers: { rows: number; students: number; firstSeconds: number; medianSeconds: number };
  /** The two schools, left in the database: 100 students, then 2,000. */
  schools: [HaparaSchool, HaparaSchool];
  /** The large school's whole list as the API answers it (envelope included), and its size in bytes. */
  listJsonFile: string;
  listJsonBytes: number;
}

interface BenchSchool {
  ctx: RequestContext;
  sign: HaparaSchool;
  students: NewStudent[];
}

/** Names that are new in their class (folded as the leavers match folds them), so a file can name every student by name and class. */
function makeStudents(faker: Faker, count: number, mailDomain: string, now: number): NewStudent[] {
  const ids = faker.helpers.shuffle(Array.from({ length: 90_000 }, (_, i) => 10_000 + i)).slice(0, count);
  const names = new Set<string>();
  const usernames = new Set<string>();
  const students: NewStudent[] = [];
  while (students.length < count) {
    const klass = CLASSES[students.length % CLASSES.length]!;
    const maori = faker.number.int({ min: 1, max: 100 }) <= 15;
    const first = maori ? faker.helpers.arrayElement(MAORI_FIRST) : faker.person.firstName();
    const last = maori ? faker.helpers.arrayElement(MAORI_LAST) : faker.person.lastName();
    const key = `${foldText(first)}\u0000${foldText(last)}\u0000${klass.code}`;
    if (names.has(key)) continue;
    names.add(key);
    const extra = { [ID_FIELD]: String(ids[students.length]) };
    const username = makeUsername(USERNAME_RULE, { first, last, now, extra }, (name) => usernames.has(name));
    usernames.add(username);
    students.push({
      first_name: first,
      last_name: last,
      class_code: klass.code,
      email: studentEmail(username, mailDomain),
      username,
      extra,
      pendingAdd: false,
    });
  }
  return students;
}

async function school(db: Db, faker: Faker, label: string, count: number, now: number): Promise<BenchSchool> {
  const created = await createSchool(db, { label, name: `Bench ${label}`, products: PRODUCTS }, now);
  const mailDomain = `students.${label}`;
  await writeSettings(db, created.id, { mailDomain, usernameRule: USERNAME_RULE, fields: [ID_FIELD], folders: ['*', 'English', 'Mathematics', 'Science'] });
  await db
    .insertInto('hapara_classes')
    .values(
      CLASSES.map((c, position) => ({
        domain_id: created.id,
        code: c.code,
        name: c.name,
        teachers: JSON.stringify([`teacher${position}`]),
        folders: JSON.stringify(['*']),
        position,
      })),
    )
    .execute();
  const students = makeStudents(faker, count, mailDomain, now);
  await db.transaction().execute((trx) => insertStudents(trx, created.id, students, now));
  const sign = { students: count, email: `office@${label}`, password: crypto.randomBytes(12).toString('base64url') };
  const user = await addUser(db, { label, name: 'Bench Office', ...sign }, now);
  return { ctx: { db, domain: created, user: { id: user.id, email: user.email }, now }, sign, students };
}

async function loaderP50(ctx: RequestContext): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LOADER_RUNS; i += 1) {
    const started = performance.now();
    const screen = await loadStudentListScreen(embeddedHaparaBackend(ctx), { page: 1, query: '' });
    times.push(performance.now() - started);
    if (screen.students.studentList.length === 0) throw new Error(`The student list of ${ctx.domain.label} showed no student.`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/**
 * Every student, as a school's office would export them: three rows in four by name and class
 * (as typed in a spreadsheet: other case, no macrons, the class's name now and then), the fourth
 * by Student ID; so both ways of matching are part of the figure.
 */
function leaversCsv(students: readonly NewStudent[]): Uint8Array {
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  const lines = ['First Name,Last Name,Class,Student ID'];
  students.forEach((s, i) => {
    if (i % 4 === 0) lines.push(`${s.first_name},${s.last_name},${s.class_code},${s.extra[ID_FIELD] ?? ''}`);
    else {
      const klass = i % 8 === 1 ? (CLASSES.find((c) => c.code === s.class_code)?.name ?? s.class_code) : s.class_code.toLowerCase();
      lines.push(`${plain(s.first_name)},${plain(s.last_name).toUpperCase()},${klass},`);
    }
  });
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

async function leaversFigure(large: BenchSchool): Promise<HaparaFigures['leavers']> {
  const bytes = leaversCsv(large.students);
  const time = async () => {
    const started = performance.now();
    const summary = await uploadLeavers(large.ctx, bytes, true);
    const seconds = (performance.now() - started) / 1000;
    if (summary.matched.length !== large.students.length) {
      const why = [...summary.unknown, ...summary.ambiguous].slice(0, 3).map((r) => JSON.stringify(r));
      throw new Error(`The leavers dry run matched ${summary.matched.length} of ${large.students.length} rows: ${why.join('; ')}`);
    }
    return seconds;
  };
  const firstSeconds = await time();
  const runs: number[] = [];
  for (let i = 0; i < LEAVERS_RUNS; i += 1) runs.push(await time());
  runs.sort((a, b) => a - b);
  return { rows: large.students.length, students: large.students.length, firstSeconds, medianSeconds: runs[Math.floor(runs.length / 2)] ?? firstSeconds };
}

/** Runs the section on a new SQLite file in `dataDir`, or on the PostgreSQL database `databaseUrl`; the list's JSON goes to `dataDir`. */
export async function benchHapara(dataDir: string, databaseUrl?: string, largeStudents = LARGE_STUDENTS): Promise<HaparaFigures> {
  const config = parseConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
  const db = openDatabase(config);
  // A large leavers file is read on the work pool, as the server does.
  startPortalWorkPool(config);
  try {
    await migrateAll(db);
    const now = Math.floor(Date.now() / 1000);
    const faker = new Faker({ locale: [en_AU, en, base] });
    faker.seed(SEED);
    const small = await school(db, faker, 'small.hapara.bench', SMALL_STUDENTS, now);
    const large = await school(db, faker, 'large.hapara.bench', largeStudents, now);
    // What autovacuum does within a minute of a bulk load: without statistics and a visibility map the planner and
    // COUNT(*) see a table just written, which a school's roster is only for that minute.
    if (isPostgres(db)) await sql`vacuum analyze`.execute(db);

    // Interleaved, twice each, so neither school has the warmer process.
    await loaderP50(small.ctx);
    await loaderP50(large.ctx);
    const p50 = { small: await loaderP50(small.ctx), large: await loaderP50(large.ctx) };

    const leavers = await leaversFigure(large);

    // What serve() answers for the call: ok()'s envelope, then the handler's result.
    const envelope: Success<{ studentList: StudentRow[] }> = { success: true, isAuthFailed: false, studentList: await listAllStudents(large.ctx) };
    const json = JSON.stringify(envelope);
    const listJsonFile = path.join(dataDir, 'hapara-studentlist.json');
    fs.writeFileSync(listJsonFile, json);
    return { loaderP50: p50, leavers, schools: [small.sign, large.sign], listJsonFile, listJsonBytes: Buffer.byteLength(json) };
  } finally {
    await stopWorkPool();
    await db.destroy();
  }
}
