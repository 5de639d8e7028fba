import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import { requestContext, type RequestContext } from '../../../platform/context';
import type { Runtime } from '../../../platform/runtime';
import { emailKey } from '../rules';
import { BATCH_SIZE, MAX_ATTEMPTS, retryDelay } from '../server/embedded/sends/delivery';
import { cancelSend, pauseSend, resumeSend, sendProgress, startSend } from '../server/embedded/sends/service';
import { readUnsubscribeToken, unsubscribe } from '../server/embedded/sends/unsubscribe';
import { insertMember } from '../server/embedded/members/repository';
import { addTestUser, createTestSchool, useTestContext, type TestSchool } from '../../../../tests/factories';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * The send pipeline against a real SMTP server (smtp-server), on both databases: the audience
 * snapshotted with the send, deliveries in batches through the pool, temporary failures retried
 * with back-off and permanent ones not, unsubscribe links that work and are honoured at once,
 * pause, resume and cancel.
 */
const BASE = 'https://portal.example.org';
const quiet = { log: () => undefined };

describe('newsletter sends', () => {
  const ctx = useTestContext();
  const place = () => ({ portalOrigin: BASE, quota: ctx().config });
  let sink: SmtpSink;
  let rt: Runtime;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, MAIL_URL: `${sink.url}?pool=3`, PORTAL_MAIL_FROM: 'newsletters@portal.example.org' } };
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  async function schoolWithList(addresses: string[]): Promise<{ school: TestSchool; sctx: RequestContext }> {
    const school = await createTestSchool(ctx(), { products: { newsletter: true } });
    const user = await addTestUser(ctx(), school);
    for (const [i, email] of addresses.entries()) {
      await insertMember(ctx().db, school.id, { email, key: emailKey(email), name: `Parent ${i + 1}`, createdAt: ctx().clock.now });
    }
    const sctx = requestContext(rt, { user: { id: user.id, email: user.email }, domain: { id: school.id, label: school.label } } as Parameters<typeof requestContext>[1]);
    return { school, sctx };
  }

  const content = { fromName: 'Greenfield Primary', subject: 'Spring term news', html: '<h1>Spring term</h1><p>Sports day is on Friday.</p>', text: 'Spring term\n\nSports day is on Friday.' };

  async function deliverAll(): Promise<void> {
    await runDueJobs(rt, JOBS, quiet);
  }

  /** The List-Unsubscribe link of a received message (its header unfolded). */
  function unsubscribeLinkOf(raw: string): string | undefined {
    return /^List-Unsubscribe: <([^>]+)>/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  }

  function receivedBy(address: string) {
    return sink.received.filter((m) => m.envelopeTo.includes(address));
  }

  it('sends every subscribed member one copy, with its own unsubscribe link and one-click headers, then is done', async () => {
    const addresses = Array.from({ length: 120 }, (_, i) => `family${i}.${Date.now()}@parents.example.org`);
    const { school, sctx } = await schoolWithList(addresses);
    const before = sink.received.length;
    const send = await startSend(sctx, content, place());
    expect(send.total).toBe(120);
    expect((await sendProgress(sctx, send.id)).status).toBe('sending');
    await deliverAll();
    await sink.waitFor(before + 120);
    const progress = await sendProgress(sctx, send.id);
    expect(progress).toMatchObject({ status: 'done', total: 120, counts: { sent: 120, pending: 0, failed: 0 } });
    expect(progress.finished_at).not.toBeNull();
    for (const address of addresses) expect(receivedBy(address)).toHaveLength(1);

    const mail = receivedBy(addresses[7]!)[0]!;
    expect(mail.parsed.subject).toBe('Spring term news');
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Greenfield Primary', address: 'newsletters@portal.example.org' });
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value[0] : undefined).toEqual({ name: 'Parent 8', address: addresses[7] });
    const link = unsubscribeLinkOf(mail.raw);
    expect(link).toMatch(/^https:\/\/portal\.example\.org\/unsubscribe\/\d+\.[A-Za-z0-9_-]{43}$/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // The school's list, the same on every copy; a newsletter is not Auto-Submitted mail.
    const listId = `<${school.label.replace(/[^a-z0-9-]+/g, '-')}.list-id.portal.example.org>`;
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-ID: .+ <[a-z0-9-]+\.list-id\.portal\.example\.org>\r?$/m);
    for (const address of [addresses[0]!, addresses[119]!]) expect(receivedBy(address)[0]!.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(listId);
    expect(mail.raw).not.toMatch(/^Auto-Submitted:/im);
    expect(mail.parsed.html).toContain(`href="${link}"`);
    expect(mail.parsed.text).toContain(`Unsubscribe: ${link}`);
    expect(mail.parsed.text).toContain('Sports day is on Friday.');
    // Each recipient's link is their own.
    const other = unsubscribeLinkOf(receivedBy(addresses[8]!)[0]!.raw);
    expect(other).not.toBe(link);
    const token = link!.split('/').pop()!;
    expect(await readUnsubscribeToken(ctx().db, token)).toMatchObject({ email: addresses[7] });
  });

  it('leaves out unsubscribed members and suppressed addresses; an empty audience is done at once', async () => {
    const addresses = ['stays@parents.example.org', 'left@parents.example.org', 'off@parents.example.org'].map((a) => `${Date.now()}.${a}`);
    const { school, sctx } = await schoolWithList(addresses);
    await ctx().db.updateTable('newsletter_members').set({ subscribed: 0 }).where('domain_id', '=', school.id).where('email', '=', addresses[2]!).execute();
    await ctx().db.insertInto('newsletter_suppressions').values({ domain_id: school.id, email_key: emailKey(addresses[1]!), reason: 'unsubscribed', created_at: ctx().clock.now }).execute();
    const send = await startSend(sctx, content, place());
    expect(send.total).toBe(1);
    await deliverAll();
    expect((await sendProgress(sctx, send.id)).counts.sent).toBe(1);
    expect(receivedBy(addresses[1]!)).toHaveLength(0);
    expect(receivedBy(addresses[2]!)).toHaveLength(0);

    const { sctx: empty } = await schoolWithList([]);
    const none = await startSend(empty, content, place());
    expect(none.total).toBe(0);
    expect((await sendProgress(empty, none.id)).status).toBe('done');
  });

  it('retries a temporary refusal with back-off until its attempts run out; a permanent one fails at once with the server’s answer', async () => {
    const stamp = Date.now();
    const { sctx } = await schoolWithList([`temp-fail.${stamp}@parents.example.org`, `perm-fail.${stamp}@parents.example.org`, `fine.${stamp}@parents.example.org`]);
    const send = await startSend(sctx, content, place());
    await deliverAll();
    let progress = await sendProgress(sctx, send.id);
    expect(progress.counts).toMatchObject({ sent: 1, failed: 1, pending: 1 });
    expect(progress.status).toBe('sending');
    const rows = await ctx().db.selectFrom('newsletter_deliveries').select(['email', 'status', 'attempts', 'response', 'next_attempt_at']).where('send_id', '=', send.id).orderBy('id').execute();
    expect(rows[1]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows[1]!.response).toMatch(/550/);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(rows[0]!.next_attempt_at)).toBe(ctx().clock.now + retryDelay(1));

    // Not yet due: nothing happens.
    await deliverAll();
    expect((await sendProgress(sctx, send.id)).counts.pending).toBe(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      ctx().clock.advance(retryDelay(attempt - 1));
      await deliverAll();
    }
    progress = await sendProgress(sctx, send.id);
    expect(progress.counts).toMatchObject({ sent: 1, failed: 2, pending: 0 });
    expect(progress.status).toBe('done');
    const temp = await ctx().db.selectFrom('newsletter_deliveries').select(['attempts', 'response']).where('send_id', '=', send.id).where('email', 'like', 'temp-fail%').executeTakeFirstOrThrow();
    expect(Number(temp.attempts)).toBe(MAX_ATTEMPTS);
    expect(temp.response).toMatch(/451/);
  });

  it('honours an unsubscribe at once: later deliveries of a running send are suppressed and later sends leave the address out', async () => {
    const stamp = Date.now();
    const addresses = Array.from({ length: BATCH_SIZE + 5 }, (_, i) => `u${i}.${stamp}@parents.example.org`);
    const { school, sctx } = await schoolWithList(addresses);
    const first = await startSend(sctx, content, place());
    await deliverAll();
    const link = unsubscribeLinkOf(receivedBy(addresses[3]!)[0]!.raw)!;
    const token = link.split('/').pop()!;

    const second = await startSend(sctx, { ...content, subject: 'Second' }, place());
    expect(await unsubscribe(ctx().db, token, ctx().clock.now)).toMatchObject({ email: addresses[3], domainId: school.id });
    // Twice is the same as once.
    expect(await unsubscribe(ctx().db, token, ctx().clock.now)).not.toBeNull();
    await deliverAll();
    expect((await sendProgress(sctx, second.id)).counts).toMatchObject({ sent: addresses.length - 1, suppressed: 1 });
    expect(receivedBy(addresses[3]!).map((m) => m.parsed.subject)).toEqual(['Spring term news']);
    const member = await ctx().db.selectFrom('newsletter_members').select('subscribed').where('domain_id', '=', school.id).where('email', '=', addresses[3]!).executeTakeFirstOrThrow();
    expect(Number(member.subscribed)).toBe(0);
    const third = await startSend(sctx, { ...content, subject: 'Third' }, place());
    expect(third.total).toBe(addresses.length - 1);
    expect(first.total).toBe(addresses.length);

    // A forged or altered link does nothing.
    for (const bad of [`${token.split('.')[0]}.${'A'.repeat(43)}`, `${Number(token.split('.')[0]) + 1}.${token.split('.')[1]}`, 'nonsense', '']) {
      expect(await unsubscribe(ctx().db, bad, ctx().clock.now)).toBeNull();
    }
  });

  it('pauses, resumes and cancels; another school’s send is not found', async () => {
    const stamp = Date.now();
    const { sctx } = await schoolWithList(Array.from({ length: 10 }, (_, i) => `p${i}.${stamp}@parents.example.org`));
    const send = await startSend(sctx, content, place());
    await pauseSend(sctx, send.id);
    await deliverAll();
    expect((await sendProgress(sctx, send.id)).counts.sent).toBe(0);
    await expect(pauseSend(sctx, send.id)).rejects.toMatchObject({ status: 409 });
    await resumeSend(sctx, send.id);
    await deliverAll();
    expect((await sendProgress(sctx, send.id))).toMatchObject({ status: 'done', counts: { sent: 10 } });
    await expect(cancelSend(sctx, send.id)).rejects.toMatchObject({ status: 409 });

    const next = await startSend(sctx, content, place());
    await cancelSend(sctx, next.id);
    await deliverAll();
    expect(await sendProgress(sctx, next.id)).toMatchObject({ status: 'cancelled', counts: { sent: 0, cancelled: 10 } });

    const { sctx: otherSchool } = await schoolWithList([]);
    for (const call of [sendProgress, pauseSend, resumeSend, cancelSend]) {
      await expect(call(otherSchool, send.id)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('refuses a line break in the from name or subject before anything is written', async () => {
    const { school, sctx } = await schoolWithList(['x@parents.example.org']);
    await expect(startSend(sctx, { ...content, subject: 'Hi\r\nBcc: all@example.org' }, place())).rejects.toMatchObject({ status: 400 });
    await expect(startSend(sctx, { ...content, fromName: 'Office\nBcc: all@example.org' }, place())).rejects.toMatchObject({ status: 400 });
    const sends = await ctx().db.selectFrom('newsletter_sends').select('id').where('domain_id', '=', school.id).execute();
    expect(sends).toEqual([]);
  });
});
