import { describe, expect, it } from 'vitest';
import { defaultSettings, type Build } from '../builder-contract';
import { emailKey } from '../contract';
import { insertMember } from '../server/embedded/members/repository';
import { loadSimpleSendScreen } from '../server/embedded/sends/simple';
import { setDailyLimit } from '../server/embedded/sends/quota';
import { schoolContext, withDb, type RequestContext } from '../../../platform/context';
import { startSend } from '../server/embedded/sends/service';
import { Refusal } from '../../../platform/errors';
import { sql } from 'kysely';
import { bodyOf, CLIENT_ADDRESS, signedInUser, useTestContext, type TestContext } from '../../../../tests/factories';
import { makeImage } from '../../../../tests/factories/media-images';

/**
 * A school's daily send quota (issue 26), on both databases: both real send paths (Simple
 * Newsletter, the builder's send) count a send's recipients against the newsletter emails the
 * school sent in the last 24 hours; one that would go beyond it is refused whole (429, naming the
 * quota and when it fits; no post, no send, no stored attachment), a send cancelled early gives
 * back what it did not send, the operator's own quota for a school replaces the default, and one
 * school's sends never use another's room. The send screens' loader has the quota's state.
 */
const QUOTA = 5;
const BUILD: Build = [[{ id: 't', type: 'text', data: { html: '<p>Sports day</p>' }, settings: defaultSettings('text') }], [], []];

async function schoolWith(ctx: TestContext, members: number) {
  const signed = await signedInUser(ctx, { newsletter: true, website: true, builder: true });
  for (let i = 0; i < members; i += 1) {
    const email = `parent${i}.${signed.school.id}@families.example.org`;
    await insertMember(ctx.db, signed.school.id, { email, key: emailKey(email), name: 'A Parent', createdAt: ctx.clock.now });
  }
  return signed;
}

function send(ctx: TestContext, cookie: string, kind: 'simple' | 'builder' | 'builder-test', attachment = false): Promise<Response> {
  const form = new FormData();
  form.append('from', 'Office');
  form.append('subject', 'News');
  form.append('category', '{}');
  if (kind === 'simple') form.append('message', '<p>Hello</p>');
  else {
    form.append('build', JSON.stringify(BUILD));
    form.append('test', kind === 'builder-test' ? 'true' : 'false');
  }
  return (async () => {
    if (attachment) form.append('attachment', new Blob([new Uint8Array(await makeImage('png', 20, 20))]), 'flyer.png');
    const path = kind === 'simple' ? '/api/newsletter/send/simple' : '/api/newsletter/send/builder';
    return ctx.app.request(path, { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS });
  })();
}

async function written(ctx: TestContext, domainId: number) {
  const rows = async (table: 'website_posts' | 'newsletter_sends' | 'website_media') =>
    (await ctx.db.selectFrom(table).select('id').where('domain_id', '=', domainId).execute()).length;
  return { posts: await rows('website_posts'), sends: await rows('newsletter_sends'), media: await rows('website_media') };
}

describe('the daily send quota', () => {
  const ctx = useTestContext({ env: { PORTAL_DAILY_SEND_QUOTA: String(QUOTA), PORTAL_TIMEZONE: 'UTC' } });

  it('refuses a send beyond what is left today, whole, saying when it fits; a day later it goes', async () => {
    const { school, cookie } = await schoolWith(ctx(), 3);
    expect((await send(ctx(), cookie, 'simple')).status).toBe(200);
    ctx().clock.advance(60 * 60);
    const before = await written(ctx(), school.id);

    for (const kind of ['simple', 'builder'] as const) {
      const res = await send(ctx(), cookie, kind, true);
      expect(res.status).toBe(429);
      // 2025-06-15T16:26:40Z was the first send: it is a day old at 16:26 the next day.
      expect(await bodyOf(res)).toEqual({
        success: false,
        isAuthFailed: false,
        code: 'send_quota',
        message: 'This newsletter would go to 3 members, but your school has 2 of its 5 newsletter emails a day left. It can be sent from 16/06/25 16:26, once earlier sends are a day old.',
      });
    }
    expect(await written(ctx(), school.id)).toEqual(before);
    // A test goes to the signed-in user alone: no quota.
    expect((await send(ctx(), cookie, 'builder-test')).status).toBe(200);

    ctx().clock.advance(23 * 60 * 60);
    expect((await send(ctx(), cookie, 'builder', true)).status).toBe(200);
  });

  it('refuses a list larger than the whole quota, saying so', async () => {
    const { cookie } = await schoolWith(ctx(), QUOTA + 1);
    const res = await send(ctx(), cookie, 'simple');
    expect(res.status).toBe(429);
    expect(((await bodyOf(res)) as { message: string }).message).toBe(
      'This newsletter would go to 6 members, more than your school may send in a day (5 emails). Ask your provider to raise the quota.',
    );
  });

  it('makes a second send of the school wait for one being made, so the last room is taken once', async () => {
    const { school, user } = await schoolWith(ctx(), 3);
    const staff: RequestContext = { db: ctx().db, domain: { id: school.id, label: school.label }, user: { id: user.id, email: user.email }, now: ctx().clock.now };
    const content = { fromName: 'Office', subject: 'News', html: '<p>News</p>', text: 'News' };
    const place = { portalOrigin: 'http://localhost', quota: ctx().config };
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let made = () => {};
    const inside = new Promise<void>((resolve) => (made = resolve));
    // The first send is made in a transaction that stays open until the second has started.
    const first = ctx().db.transaction().execute(async (trx) => {
      const send = await startSend(withDb(staff, trx), content, place);
      made();
      await held;
      return send;
    });
    // The second starts only once the first holds the school's quota lock (under load it could start first).
    await Promise.race([inside, first]);
    const second = startSend(staff, content, place).then(
      () => 'sent',
      (err: unknown) => (err instanceof Refusal ? err.status : err),
    );
    // PostgreSQL: until the second waits for the school's quota lock (SQLite runs one transaction at a time anyway).
    if (ctx().database === 'postgres') {
      const waiting = sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`;
      for (let i = 0; i < 100 && (await waiting.execute(ctx().db)).rows[0]!.n === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    expect((await first).total).toBe(3);
    expect(await second).toBe(429);
    expect((await written(ctx(), school.id)).sends).toBe(1);
  });

  it('gives back what a cancelled send did not send, counts each school alone, and takes the operator’s quota for a school', async () => {
    const a = await schoolWith(ctx(), 3);
    const b = await schoolWith(ctx(), 3);
    const res = await send(ctx(), a.cookie, 'simple');
    const { id } = (await bodyOf(res)) as { id: number };
    // Nothing delivered yet (no job has run): cancelling gives all three back.
    expect((await ctx().app.request(`/api/newsletter/sends/${id}/cancel`, { method: 'POST', headers: { cookie: a.cookie } }, { clientAddress: CLIENT_ADDRESS })).status).toBe(200);
    expect((await send(ctx(), a.cookie, 'simple')).status).toBe(200);
    expect((await send(ctx(), b.cookie, 'simple')).status).toBe(200);

    const screen = (school: { id: number; label: string }) => loadSimpleSendScreen(schoolContext(ctx().db, school, ctx().clock.now), ctx().config);
    expect((await screen(a.school)).quota).toEqual({ limit: 5, left: 2 });
    await setDailyLimit(schoolContext(ctx().db, a.school, ctx().clock.now), 9);
    expect((await screen(a.school)).quota).toEqual({ limit: 9, left: 6 });
    expect((await screen(b.school)).quota).toEqual({ limit: 5, left: 2 });
    expect((await send(ctx(), a.cookie, 'simple')).status).toBe(200);
    expect((await send(ctx(), b.cookie, 'simple')).status).toBe(429);
  });
});
