import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { isConfigError, parseConfig } from '../../src/platform/config';
import { createMailTransport, mailFromAddress, type MailContent, type MailKind, type OutgoingMail } from '../../src/platform/mail';
import { parseMailUrl } from '../../src/platform/mail/smtp/mail-url';
import type { Runtime } from '../../src/platform/runtime';
import { createTestSchool, useTestContext } from '../factories';
import { startSmtpSink, type SmtpSink } from '../factories/smtp-sink';

/**
 * The mail pipeline's transport: MAIL_URL's SMTP server (a real one here, smtp-server, read back
 * with mailparser) or, without MAIL_URL, the outbox in the database (both databases).
 */
const FROM = 'office@portal.example.org';

const NEWSLETTER: MailKind = { kind: 'newsletter', list: { id: 'st-marys.list-id.portal.example.org', name: 'St Mary’s School' } };

function message(overrides: Partial<MailContent> = {}, kind: MailKind = NEWSLETTER): OutgoingMail {
  return {
    ...kind,
    domainId: null,
    fromName: 'St Mary’s School Office',
    to: { name: 'Ada Parent', address: 'ada@parents.example.org' },
    subject: 'Summer fair — Saturday 5 July',
    html: '<p>Dear parents, the <b>summer fair</b> is on Saturday.</p>',
    text: 'Dear parents, the summer fair is on Saturday.',
    ...overrides,
  };
}

describe('MAIL_URL', () => {
  it('reads smtp and smtps addresses with their pool, rate and sign-in', () => {
    expect(parseMailUrl('smtp://mail.example.org')).toEqual({ host: 'mail.example.org', port: 587, secure: false, pool: 5 });
    expect(parseMailUrl('smtps://us%40r:p%3Ass@mail.example.org?pool=3&rate=20')).toEqual({
      host: 'mail.example.org',
      port: 465,
      secure: true,
      pool: 3,
      rate: 20,
      auth: { user: 'us@r', pass: 'p:ss' },
    });
    expect(parseMailUrl('smtp://127.0.0.1:2525').port).toBe(2525);
  });

  it('stops start-up with one line naming the problem, never the password', () => {
    const bad = ['http://mail.example.org', 'smtp://mail.example.org?pool=0', 'smtp://mail.example.org?pool=2.5', 'smtp://u:secret@mail.example.org?tls=1', 'not a url'];
    for (const value of bad) {
      let error: unknown;
      try {
        parseConfig({ MAIL_URL: value });
      } catch (err) {
        error = err;
      }
      expect(isConfigError(error), value).toBe(true);
      const text = (error as Error).message;
      expect(text).toMatch(/^Invalid configuration: MAIL_URL /);
      expect(text).not.toContain('secret');
      expect(text.split('\n')).toHaveLength(1);
    }
    expect(() => parseConfig({ PORTAL_MAIL_FROM: 'office' })).toThrow(/PORTAL_MAIL_FROM must be an email address/);
  });

  it('sends from PORTAL_MAIL_FROM, or no-reply at the provider’s host', () => {
    expect(mailFromAddress(parseConfig({ PORTAL_MAIL_FROM: FROM }))).toBe(FROM);
    expect(mailFromAddress(parseConfig({ PORTAL_PROVIDER_URL: 'https://schools.example.net/about' }))).toBe('no-reply@schools.example.net');
  });
});

describe('mail through SMTP', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  function smtpRuntime(query = ''): Runtime {
    const { runtime } = ctx();
    return { ...runtime, config: { ...runtime.config, MAIL_URL: `${sink.url}${query}`, PORTAL_MAIL_FROM: FROM } };
  }

  it('delivers the message with an encoded display name, both bodies, an attachment and the list headers', async () => {
    const transport = createMailTransport(smtpRuntime());
    try {
      const before = sink.received.length;
      const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n');
      const result = await transport.send(
        message({
          unsubscribe: { url: 'https://portal.example.org/unsubscribe/abc', mailto: 'unsubscribe@portal.example.org', oneClick: true },
          attachments: [{ filename: 'Fair programme.pdf', content: pdf, contentType: 'application/pdf' }],
        }),
      );
      expect(result).toMatchObject({ ok: true });
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
      expect(mail?.envelopeFrom).toBe(FROM);
      expect(mail?.envelopeTo).toEqual(['ada@parents.example.org']);
      const parsed = mail!.parsed;
      expect(parsed.from?.value).toEqual([{ name: 'St Mary’s School Office', address: FROM }]);
      expect(parsed.subject).toBe('Summer fair — Saturday 5 July');
      expect(parsed.html).toContain('<b>summer fair</b>');
      expect(parsed.text?.trim()).toBe('Dear parents, the summer fair is on Saturday.');
      expect(parsed.messageId).toMatch(/^<.+@.+>$/);
      expect(result.ok && result.messageId).toBe(parsed.messageId);
      expect(parsed.date).toBeInstanceOf(Date);
      expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(mail!.raw).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\.org\/unsubscribe\/abc>,\s*<mailto:unsubscribe@portal\.example\.org>/im);
      expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([['Fair programme.pdf', 'application/pdf', true]]);
    } finally {
      transport.close();
    }
  });

  it('tells a temporary refusal (4xx) from a permanent one (5xx) and a server that does not answer', async () => {
    const transport = createMailTransport(smtpRuntime());
    const down = createMailTransport({ ...smtpRuntime(), config: { ...smtpRuntime().config, MAIL_URL: 'smtp://127.0.0.1:1' } });
    try {
      const temporary = await transport.send(message({ to: { address: 'temp-fail@parents.example.org' } }));
      expect(temporary).toMatchObject({ ok: false, permanent: false });
      expect(temporary.ok || temporary.response).toMatch(/451/);
      const permanent = await transport.send(message({ to: { address: 'perm-fail@parents.example.org' } }));
      expect(permanent).toMatchObject({ ok: false, permanent: true });
      expect(permanent.ok || permanent.response).toMatch(/550/);
      expect(await down.send(message())).toMatchObject({ ok: false, permanent: false });
    } finally {
      transport.close();
      down.close();
    }
  });

  it('refuses a line break in any header field and sends nothing', async () => {
    const transport = createMailTransport(smtpRuntime());
    try {
      const before = sink.received.length;
      const injections: Partial<MailContent>[] = [
        { subject: 'Hello\r\nBcc: everyone@example.org' },
        { fromName: 'Office\nBcc: everyone@example.org' },
        { to: { name: 'Ada\r\nX-Evil: 1', address: 'ada@parents.example.org' } },
      ];
      for (const injection of injections) await expect(transport.send(message(injection))).rejects.toMatchObject({ name: 'Refusal', status: 400, code: 'mail_header' });
      await transport.send(message({ subject: 'after the refusals' }));
      await sink.waitFor(before + 1);
      expect(sink.received.slice(before).map((m) => m.parsed.subject)).toEqual(['after the refusals']);
    } finally {
      transport.close();
    }
  });

  it('spreads many messages over at most the pool’s connections', async () => {
    const transport = createMailTransport(smtpRuntime('?pool=2'));
    try {
      const before = sink.received.length;
      sink.peakConnections = 0;
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => transport.send(message({ to: { address: `parent${i}@parents.example.org` } }))));
      expect(results.every((r) => r.ok)).toBe(true);
      const got = (await sink.waitFor(before + 30)).slice(before);
      expect(new Set(got.flatMap((m) => m.envelopeTo)).size).toBe(30);
      expect(sink.peakConnections).toBeLessThanOrEqual(2);
    } finally {
      transport.close();
    }
  });
});

describe('mail without MAIL_URL: the outbox', () => {
  const ctx = useTestContext();

  it('keeps the whole message, as SMTP would have carried it, with its school, and sends nothing', async () => {
    const { runtime, db } = ctx();
    expect(runtime.config.MAIL_URL).toBeUndefined();
    const school = await createTestSchool(ctx());
    const transport = createMailTransport(runtime);
    expect(transport.kind).toBe('outbox');
    const result = await transport.send(
      message({ domainId: school.id, unsubscribe: { url: 'https://portal.example.org/u/1', oneClick: true } }),
    );
    expect(result).toMatchObject({ ok: true, response: expect.stringMatching(/outbox.*MAIL_URL is not set/i) });
    const rows = await db.selectFrom('mail_outbox').selectAll().where('domain_id', '=', school.id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ recipients: 'ada@parents.example.org', subject: 'Summer fair — Saturday 5 July', sender: mailFromAddress(runtime.config) });
    expect(Number(row.created_at)).toBe(runtime.clock());
    const parsed = await simpleParser(row.raw);
    expect(parsed.messageId).toBe(row.message_id);
    expect(parsed.subject).toBe('Summer fair — Saturday 5 July');
    expect(parsed.from?.value[0]?.name).toBe('St Mary’s School Office');
    expect(row.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(row.raw).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\.org\/u\/1>\r?$/m);
    expect(parsed.text?.trim()).toBe('Dear parents, the summer fair is on Saturday.');
  });

  it('keeps nothing for a message with a header injection', async () => {
    const { runtime, db } = ctx();
    const transport = createMailTransport(runtime);
    const count = async () => Number((await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await expect(transport.send(message({ subject: 'Hi\nBcc: x@example.org' }))).rejects.toMatchObject({ name: 'Refusal', status: 400, code: 'mail_header' });
    expect(await count()).toBe(before);
  });
});
