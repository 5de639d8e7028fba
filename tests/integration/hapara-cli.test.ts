import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandJobRuntime, runCommand, useCleanEnv } from '../factories/cli';
import { runDueJobs } from '../../src/platform/jobs';
import { mailTransportOf } from '../../src/platform/mail';
import { JOBS } from '../../src/app/modules';
import type { Runtime } from '../../src/platform/runtime';
import { studentListResponseSchema } from '../../src/modules/hapara/contract';
import { HAPARA_ENDPOINTS } from '../../src/modules/hapara/calls';
import { writeSettings } from '../../src/modules/hapara/server/embedded/settings';
import { insertStudents } from '../../src/modules/hapara/server/embedded/students/repository';
import { bodyOf, createTestContext, get, makeTempDir, postJson, signIn, type TestContext } from '../factories';
import { startSmtpSink, type SmtpSink } from '../factories/smtp-sink';

/**
 * The provider's commands through the real operator command (`npm run portal -- requests ...`,
 * `roster-export`), on the database a school's staff use: a request filed on the screen is
 * listed, shown, approved (the roster changes, the requester is emailed through a real SMTP
 * server) or rejected with a reason (nothing changes); the roster exports for Google Workspace.
 */
const E = HAPARA_ENDPOINTS;
const ENV_NAMES = ['PORTAL_DATA_DIR', 'PORTAL_ADMIN_EMAIL', 'PORTAL_ADMIN_PASSWORD', 'PORT', 'HOST'];
const quiet = { log: () => undefined };
const run = runCommand;
const LABEL = 'cloud.school';
const MAIL_DOMAIN = 'students.cloud.school';

let dataDir = '';
let ctx: TestContext;
let sink: SmtpSink;
let rt: Runtime;
let cookie = '';

useCleanEnv(ENV_NAMES);
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

beforeEach(async () => {
  dataDir = makeTempDir('portal-hapara-cli-');
  process.env.PORTAL_DATA_DIR = dataDir;
  ctx = await createTestContext({ dataDir });
  rt = commandJobRuntime(ctx, sink.url, 'cloud@portal.example.org');
  expect((await run('create-school', LABEL, '--name', 'Cloud College', '--products', 'hapara')).code).toBe(0);
  expect((await run('add-user', LABEL, '--email', 'office@cloud.school', '--name', 'Office Manager', '--password', 'roster-password')).code).toBe(0);
  const school = await ctx.db.selectFrom('domains').select('id').where('label', '=', LABEL).executeTakeFirstOrThrow();
  await writeSettings(ctx.db, school.id, { mailDomain: MAIL_DOMAIN, usernameRule: '{first}.{last}', fields: ['Student ID'], folders: ['*'] });
  await ctx.db
    .insertInto('hapara_classes')
    .values(
      ['9KAH', '9/TOT'].map((code, position) => ({ domain_id: school.id, code, name: `Year ${code}`, teachers: '["t.one"]', folders: '["*"]', position })),
    )
    .execute();
  await insertStudents(
    ctx.db,
    school.id,
    [
      {
        first_name: 'Aroha',
        last_name: 'Ngata',
        class_code: '9KAH',
        email: `aroha.ngata@${MAIL_DOMAIN}`,
        username: 'aroha.ngata',
        extra: { 'Student ID': '101' },
        pendingAdd: false,
      },
      {
        first_name: 'Tāne',
        last_name: 'O’Neil',
        class_code: '9/TOT',
        email: `tane.oneil@${MAIL_DOMAIN}`,
        username: 'tane.oneil',
        extra: { 'Student ID': '102' },
        pendingAdd: false,
      },
    ],
    ctx.clock.now,
  );
  cookie = await signIn(ctx.app, { email: 'office@cloud.school', password: 'roster-password' });
});
afterEach(async () => {
  mailTransportOf(rt).close();
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function list() {
  return studentListResponseSchema.parse(await bodyOf(await get(ctx.app, E.studentList.path, { cookie }))).studentList;
}

async function mailToOffice() {
  await runDueJobs(rt, JOBS, quiet);
  return sink.received.filter((m) => m.envelopeTo.includes('office@cloud.school'));
}

/** The request numbers `requests list` prints, in order. */
function idsIn(out: string): number[] {
  return [...out.matchAll(/^#(\d+)/gm)].map((m) => Number(m[1]));
}

describe('operator command: requests', () => {
  it('lists pending requests, shows one in full, approves it: the roster changes and the requester is emailed', async () => {
    sink.received.length = 0;
    await postJson(ctx.app, E.addStudent.path, { publicfirstname: 'Mānaia', publiclastname: 'Te Whata', class: '9KAH', 'Student ID': '103' }, cookie);
    const aroha = (await list()).find((r) => r.firstname === 'Aroha')!.index!;
    await postJson(
      ctx.app,
      E.updateStudent.path,
      { firstname: 'Aroha', lastname: 'Ngata-Rāwiri', class: '9KAH', email: `aroha.ngata@${MAIL_DOMAIN}`, index: aroha },
      cookie,
    );

    const listed = await run('requests', 'list', 'pending', '--school', LABEL);
    expect(listed.code).toBe(0);
    const [addition, edit] = idsIn(listed.out);
    expect(listed.out).toContain(`#${addition}`);
    expect(listed.out).toMatch(
      new RegExp(`#${addition} .* pending .* ${LABEL.replace('.', '\\.')} .* Add student Mānaia Te Whata \\(9KAH\\)\\s+\\(office@cloud\\.school\\)`),
    );
    expect(listed.out).toContain('Change the details of Aroha Ngata (9KAH)');

    const shown = await run('requests', 'show', String(edit));
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Request #${edit}: Change the details of Aroha Ngata (9KAH)`);
    expect(shown.out).toContain('Asked by:  Office Manager <office@cloud.school>');
    expect(shown.out).toContain('lastname: Ngata -> Ngata-Rāwiri');

    const approved = await run('requests', 'approve', String(addition));
    expect(approved.code).toBe(0);
    expect(approved.out).toBe(`Approved request #${addition}: Add student Mānaia Te Whata (9KAH). office@cloud.school will be emailed.`);
    expect((await list()).find((r) => r.firstname === 'Mānaia')).toEqual({
      index: expect.any(Number),
      firstname: 'Mānaia',
      lastname: 'Te Whata',
      class: '9KAH',
      email: `manaia.tewhata@${MAIL_DOMAIN}`,
      pending: null,
    });
    const mails = await mailToOffice();
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Approved: Add student Mānaia Te Whata (9KAH)']);

    // Decided once; the list of pending requests no longer has it.
    const again = await run('requests', 'approve', String(addition));
    expect(again.code).toBe(2);
    expect(again.err).toContain(`Request ${addition} was already approved`);
    expect(idsIn((await run('requests', 'list', 'pending')).out)).toEqual([edit]);
    expect(idsIn((await run('requests', 'list', 'all', '--school', LABEL)).out)).toEqual([addition, edit]);
  });

  it('rejects with a reason: the roster is unchanged and the requester is emailed why', async () => {
    sink.received.length = 0;
    const tane = (await list()).find((r) => r.firstname === 'Tāne')!.index!;
    await postJson(ctx.app, E.deleteStudent.path, { index: tane }, cookie);
    const [id] = idsIn((await run('requests', 'list', 'pending')).out);

    const noReason = await run('requests', 'reject', String(id));
    expect(noReason.code).toBe(2);
    expect(noReason.err).toContain('A rejection needs a reason: --reason "<text>".');

    const rejected = await run('requests', 'reject', String(id), '--reason', 'Tāne is staying until December.');
    expect(rejected.code).toBe(0);
    expect((await list()).map((r) => [r.firstname, r.pending])).toEqual([
      ['Aroha', null],
      ['Tāne', null],
    ]);
    const [mail] = await mailToOffice();
    expect(mail?.parsed.subject).toBe('Not approved: Delete student Tāne O’Neil (9/TOT)');
    expect(mail?.parsed.text).toContain('Reason: Tāne is staying until December.');
    expect((await run('requests', 'show', String(id))).out).toContain('Reason:    Tāne is staying until December.');
    expect(idsIn((await run('requests', 'list', 'rejected')).out)).toEqual([id]);
  });

  it('refuses what it cannot do clearly (exit 2), changing nothing', async () => {
    expect((await run('requests', 'list', 'pending')).out).toBe('No pending requests.');
    const cases: [string[], string][] = [
      [['requests', 'approve', '999'], 'There is no request 999.'],
      [['requests', 'show', 'abc'], 'A request is named by its number'],
      [['requests', 'delete', '1'], 'Unknown action "delete"'],
      [['requests', 'list', 'someday'], 'The status to list is one of pending, approved, rejected, all'],
      [['requests', 'list', 'all', '--school', 'nowhere.school'], 'No school has the label nowhere.school.'],
    ];
    for (const [argv, message] of cases) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err, argv.join(' ')).toContain(message);
    }
    const help = await run('requests', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('--reason');
  });
});

describe('operator command: roster-export', () => {
  const HEADER =
    'First Name [Required],Last Name [Required],Email Address [Required],Password [Required],Password Hash Function [UPLOAD ONLY],Org Unit Path [Required],Change Password at Next Sign-In';

  it('writes the approved roster in Google Workspace’s bulk upload format, pending additions left out, and records the export', async () => {
    await postJson(ctx.app, E.addStudent.path, { publicfirstname: 'Pending', publiclastname: 'Person', class: '9KAH', 'Student ID': '104' }, cookie);
    const out = path.join(dataDir, 'google.csv');
    const result = await run('roster-export', LABEL, '--out', out);
    expect(result.code).toBe(0);
    expect(result.out).toBe(`Wrote 2 students of ${LABEL} to ${out}.`);
    const text = fs.readFileSync(out, 'utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1)).toEqual([
      ['Aroha', 'Ngata', `aroha.ngata@${MAIL_DOMAIN}`, '', '', '/Students/9KAH', ''],
      ['Tāne', 'O’Neil', `tane.oneil@${MAIL_DOMAIN}`, '', '', '/Students/9-TOT', ''],
    ]);
    const audit = await ctx.db.selectFrom('audit_log').select(['action', 'detail', 'user_id']).where('action', '=', 'students.export').execute();
    expect(audit).toEqual([{ action: 'students.export', detail: 'Exported 2 students as a Google Workspace CSV.', user_id: null }]);
  });

  it('gives each student a strong random password with --passwords, and says so in --help', async () => {
    const result = await run('roster-export', LABEL, '--passwords');
    expect(result.code).toBe(0);
    const rows = Papa.parse<string[]>(result.out, { skipEmptyLines: true }).data.slice(1);
    const passwords = rows.map((r) => r[3] ?? '');
    expect(passwords).toHaveLength(2);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z2-9!#%+=?@]{16}$/);
    expect(new Set(passwords).size).toBe(2);
    expect(rows.map((r) => r[6])).toEqual(['TRUE', 'TRUE']);
    const help = await run('roster-export', '--help');
    expect(help.out).toContain('keeps existing users’ passwords');
    const unknown = await run('roster-export', 'nowhere.school');
    expect([unknown.code, unknown.err.includes('No school has the label nowhere.school.')]).toEqual([2, true]);
  });
});
