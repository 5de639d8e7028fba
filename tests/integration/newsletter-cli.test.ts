import fs from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCommand, useCleanEnv } from '../factories/cli';
import { emailKey } from '../../src/modules/newsletter/contract';
import { insertMember } from '../../src/modules/newsletter/server/embedded/members/repository';
import { bodyOf, createTestClock, createTestContext, makeTempDir, signIn, type TestContext } from '../factories';
import { CLIENT_ADDRESS } from '../factories/http';

/**
 * `npm run portal -- quota show|set` through the real operator command, on the database the
 * school's staff use: a school has the default quota until the operator sets its own, the
 * command says how much of it the last 24 hours used, a set quota is what the school's next send
 * meets, `default` gives the school the configuration's again; mistakes exit 2 and change nothing.
 */
const ENV_NAMES = ['PORTAL_DATA_DIR', 'PORTAL_DAILY_SEND_QUOTA', 'DATABASE_URL'];
const LABEL = 'quota.school';
const run = runCommand;

let dataDir = '';
let ctx: TestContext;
let cookie = '';

useCleanEnv(ENV_NAMES);
beforeEach(async () => {
  dataDir = makeTempDir('portal-newsletter-cli-');
  process.env.PORTAL_DATA_DIR = dataDir;
  process.env.PORTAL_DAILY_SEND_QUOTA = '1000';
  // On the system clock, as the command's: the sends it counts and the ones the API makes agree.
  ctx = await createTestContext({ dataDir, env: { PORTAL_DAILY_SEND_QUOTA: '1000' }, clock: createTestClock(Math.floor(Date.now() / 1000)) });
  expect((await run('create-school', LABEL, '--name', 'Quota Primary', '--products', 'newsletter,website')).code).toBe(0);
  expect((await run('add-user', LABEL, '--email', 'office@quota.school', '--name', 'Office', '--password', 'quota-password')).code).toBe(0);
  const school = await ctx.db.selectFrom('domains').select('id').where('label', '=', LABEL).executeTakeFirstOrThrow();
  for (let i = 0; i < 3; i += 1) {
    const email = `parent${i}@families.example.org`;
    await insertMember(ctx.db, Number(school.id), { email, key: emailKey(email), name: 'A Parent', createdAt: ctx.clock.now });
  }
  cookie = await signIn(ctx.app, { email: 'office@quota.school', password: 'quota-password' });
});
afterEach(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A Simple Newsletter send by the school's staff. */
async function sendNewsletter(): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ from: 'Office', subject: 'News', message: '<p>News</p>', category: '{}' })) form.append(key, value);
  return ctx.app.request('/api/newsletter/send/simple', { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS });
}

it('shows the default quota and what the last 24 hours used; a quota set is what the next send meets; default restores it', async () => {
  expect((await run('quota', 'show', LABEL)).out).toBe(
    'quota.school may send 1,000 newsletter emails a day (the default, PORTAL_DAILY_SEND_QUOTA): 0 in the last 24 hours, 1,000 left.',
  );
  expect((await sendNewsletter()).status).toBe(200);

  const set = await run('quota', 'set', LABEL, '4');
  expect(set).toMatchObject({ code: 0, out: 'quota.school may now send 4 newsletter emails a day.' });
  expect((await run('quota', 'show', LABEL)).out).toBe('quota.school may send 4 newsletter emails a day (its own quota): 3 in the last 24 hours, 1 left.');
  const refused = await sendNewsletter();
  expect(refused.status).toBe(429);
  expect(((await bodyOf(refused)) as { message: string }).message).toMatch(/^This newsletter would go to 3 members, but your school has 1 of its 4 newsletter emails a day left\./);

  expect((await run('quota', 'set', LABEL, 'default')).out).toBe('quota.school now has the default quota (PORTAL_DAILY_SEND_QUOTA): 1,000 newsletter emails a day.');
  expect((await sendNewsletter()).status).toBe(200);
});

it('refuses a quota that is not a whole number, an unknown school and an unknown action, exiting 2 and changing nothing', async () => {
  for (const argv of [
    ['quota', 'set', LABEL, '-5'],
    ['quota', 'set', LABEL, '2.5'],
    ['quota', 'set', LABEL, '10000001'],
    ['quota', 'set', 'nowhere.school', '10'],
    ['quota', 'show', LABEL, '10'],
    ['quota', 'raise', LABEL],
    ['quota', 'set', LABEL],
  ]) {
    const result = await run(...argv);
    expect(result.code, argv.join(' ')).toBe(2);
    expect(result.err, argv.join(' ')).not.toBe('');
  }
  expect((await run('quota', 'set', LABEL, '2.5')).err).toContain('A quota is a whole number of emails from 0 to 10,000,000, or default, not "2.5".');
  expect((await run('quota', 'set', 'nowhere.school', '10')).err).toContain('No school has the label nowhere.school.');
  expect(await ctx.db.selectFrom('newsletter_send_quotas').selectAll().execute()).toEqual([]);
});
