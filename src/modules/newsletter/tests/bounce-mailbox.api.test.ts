import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKey } from '../rules';
import { requestContext } from '../../../platform/context';
import { enqueue, runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import { insertMember } from '../server/embedded/members/repository';
import { startSend } from '../server/embedded/sends/service';
import { READ_BOUNCES_JOB } from '../server/embedded/bounces/mailbox-job';
import { startDovecot, type TestDovecot } from '../../../../tests/factories/dovecot';
import { signedInUser, useTestContext, type TestContext } from '../../../../tests/factories';

/**
 * Issue 28, the bounce flow end to end, on both databases: a newsletter goes out with a VERP
 * bounce address per copy; the receiving server's delivery status notification for one copy (RFC
 * 3464, carrying that copy as it was sent) lands in a real mailbox (Dovecot, over IMAPS); the
 * portal's mailbox job reads it, suppresses the address and deletes the report; the next send
 * skips the address, and a second run finds nothing to do.
 */
const BASE = 'https://portal.example.org';
const BOUNCE_DOMAIN = 'bounces.example.org';
const USER = 'bounces';
const PASSWORD = 'mailbox-password';

/** A Postfix-style DSN for `copy`, returned to its envelope sender, with the copy itself attached. */
function dsnFor(copy: { recipient: string; sender: string; raw: string }): string {
  const boundary = 'DSN.boundary.1737400000';
  return [
    `Return-Path: <>`,
    `Delivered-To: ${copy.sender}`,
    `Date: Mon, 20 Jan 2025 19:06:40 +0000`,
    `From: MAILER-DAEMON@mx.example.org (Mail Delivery System)`,
    `To: ${copy.sender}`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Auto-Submitted: auto-replied`,
    `Message-Id: <dsn.${Date.now()}@mx.example.org>`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `<${copy.recipient}>: host mx.families.example.org said: 550 5.1.1 User unknown`,
    ``,
    `--${boundary}`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx.example.org`,
    ``,
    `Final-Recipient: rfc822; ${copy.recipient}`,
    `Action: failed`,
    `Status: 5.1.1`,
    `Diagnostic-Code: smtp; 550 5.1.1 <${copy.recipient}>: Recipient address rejected: User unknown`,
    ``,
    `--${boundary}`,
    `Content-Type: message/rfc822`,
    ``,
    `Return-Path: <${copy.sender}>`,
    copy.raw.replace(/\r\n/g, '\n'),
    `--${boundary}--`,
    ``,
  ].join('\r\n');
}

describe('newsletter: a bounce read from the mailbox', () => {
  let dovecot: TestDovecot;
  const env: Record<string, string> = { MAIL_BOUNCE_DOMAIN: BOUNCE_DOMAIN };
  beforeAll(async () => {
    dovecot = await startDovecot({ [USER]: PASSWORD });
    env.MAIL_BOUNCES_URL = dovecot.url('imaps', USER);
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
  });

  const ctx = useTestContext({ env });
  let schoolId = 0;
  let userId = 0;
  const addresses = ['gone@families.example.org', 'kept@families.example.org'];

  async function send(c: TestContext): Promise<string[]> {
    const before = await c.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const sctx = requestContext(c.runtime, { user: { id: userId, email: 'staff@example.org' }, domain: { id: schoolId, label: 'x' } } as Parameters<typeof requestContext>[1]);
    await startSend(sctx, { fromName: 'Hill School', subject: 'June news', html: '<p>Hello</p>', text: 'Hello' }, { portalOrigin: BASE, quota: c.config });
    await runDueJobs(c.runtime, JOBS, { log: () => undefined });
    const rows = await c.db.selectFrom('mail_outbox').select('recipients').where('id', '>', Number(before?.id ?? 0)).orderBy('id').execute();
    return rows.map((r) => r.recipients);
  }

  async function readMailbox(c: TestContext): Promise<{ done: number; failed: number }> {
    await enqueue(c.db, { name: READ_BOUNCES_JOB, now: c.clock.now });
    const logged: string[] = [];
    const summary = await runDueJobs(c.runtime, JOBS, { log: (line) => void logged.push(line) });
    if (summary.failed > 0) throw new Error(`${logged.join('\n')}\n${dovecot.log()}`);
    return summary;
  }

  async function mailboxSize(): Promise<number> {
    const client = await dovecot.imap(USER);
    try {
      const status = await client.status('INBOX', { messages: true });
      return status ? (status.messages ?? 0) : 0;
    } finally {
      await client.logout();
    }
  }

  beforeAll(async () => {
    const signed = await signedInUser(ctx(), { newsletter: true });
    schoolId = signed.school.id;
    userId = signed.user.id;
    for (const email of addresses) await insertMember(ctx().db, schoolId, { email, key: emailKey(email), name: 'Parent', createdAt: ctx().clock.now });
  });
  afterAll(() => {
    mailTransportOf(ctx().runtime).close();
  });

  it('reads the DSN of one copy from the mailbox, suppresses that address, deletes the report; the next send skips it', async () => {
    expect((await send(ctx())).sort()).toEqual([...addresses].sort());
    const copy = await ctx().db.selectFrom('mail_outbox').select(['recipients', 'sender', 'raw']).where('recipients', '=', 'gone@families.example.org').executeTakeFirstOrThrow();
    expect(copy.sender).toMatch(/^bounce\+\d+-[0-9a-f]{16}@bounces\.example\.org$/);
    await dovecot.append(USER, [dsnFor({ recipient: copy.recipients, sender: copy.sender, raw: copy.raw })]);
    expect(await mailboxSize()).toBe(1);

    await readMailbox(ctx());
    const suppression = await ctx().db.selectFrom('newsletter_suppressions').select(['email_key', 'reason']).where('domain_id', '=', schoolId).execute();
    expect(suppression).toEqual([{ email_key: 'gone@families.example.org', reason: 'bounced' }]);
    const bounce = await ctx().db.selectFrom('newsletter_bounces').select(['kind', 'source', 'detail']).where('domain_id', '=', schoolId).executeTakeFirstOrThrow();
    expect(bounce).toMatchObject({ kind: 'hard', source: 'mailbox' });
    expect(bounce.detail).toContain('5.1.1');
    expect(await mailboxSize()).toBe(0);

    expect(await send(ctx())).toEqual(['kept@families.example.org']);
    // Nothing left to read: a second run changes nothing.
    await readMailbox(ctx());
    expect(await ctx().db.selectFrom('newsletter_bounces').select('id').where('domain_id', '=', schoolId).execute()).toHaveLength(1);
  });
});
