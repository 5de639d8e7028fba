import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBounceMessage, verpTagOf } from '../../src/platform/mail/bounces/dsn';
import { parseBouncesUrl } from '../../src/platform/mail/bounces/mailbox/url';

/**
 * Issue 28: the bounce mailbox's messages as bounce reports (src/platform/mail/bounces/dsn.ts),
 * on the real-world formats of tests/fixtures/bounces (its README names where each comes from);
 * and MAIL_BOUNCES_URL's parsing (mailbox/url.ts). tests/integration/bounce-mailbox.test.ts reads
 * them from a real Dovecot.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/bounces');
const READ_AT = 1_737_300_000;

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** The fixture with its text changed (a variant the test needs, in the same real format). */
function variant(name: string, change: (text: string) => string): string {
  const text = fixture(name).toString('utf8');
  const changed = change(text);
  expect(changed, 'the change applies').not.toBe(text);
  return changed;
}

describe('delivery status notifications (RFC 3464)', () => {
  it('reads a Postfix non-delivery notice: 5.1.1 user unknown is a hard bounce', async () => {
    expect(await parseBounceMessage(fixture('postfix-user-unknown.eml'), READ_AT)).toEqual([
      {
        kind: 'hard',
        source: 'mailbox',
        recipient: 'nobody@parents.example',
        tag: 'n42-7f3k',
        messageId: 'n42.7f3k.1736845920@greenfield.example',
        detail: '5.1.1: 550 5.1.1 <nobody@parents.example>: Recipient address rejected: User unknown in virtual mailbox table',
        eventId: '20250114091203.4A6D2C0A14@mx.greenfield.example|nobody@parents.example',
        at: READ_AT,
      },
    ]);
  });

  it('reads an Exim notice of a Gmail mailbox full (4.2.2, failed): a soft bounce, the original as text/rfc822-headers', async () => {
    expect(await parseBounceMessage(fixture('exim-gmail-mailbox-full.eml'), READ_AT)).toEqual([
      {
        kind: 'soft',
        source: 'mailbox',
        recipient: 'full.box@gmail.com',
        tag: 'n42-a1b2',
        messageId: 'n42.a1b2.1736926240@greenfield.example',
        detail:
          "4.2.2: 452-4.2.2 The recipient's inbox is out of storage space. Please direct the 452-4.2.2 recipient to 452 4.2.2 https://support.google.com/mail/?p=OverQuotaTemp a1si1234567wrb.5 - gsmtp",
        eventId: 'E1tXyZa-000Abc-Q1@mail.greenfield.example|full.box@gmail.com',
        at: READ_AT,
      },
    ]);
  });

  it('gives no report for a delay warning (Action: delayed)', async () => {
    expect(await parseBounceMessage(fixture('postfix-delayed.eml'), READ_AT)).toEqual([]);
  });

  it('gives one report per failed recipient (Microsoft 365, two recipients)', async () => {
    const common = {
      source: 'mailbox',
      tag: 'n42-e5f6',
      messageId: 'n42.e5f6.1737099999@greenfield.example',
      at: READ_AT,
    };
    const ndr = 'a7c1b3e2-59d1-4f2e-9d0c-6a1f5e9b3c24@DB9PR04MB8123.eurprd04.prod.outlook.com';
    expect(await parseBounceMessage(fixture('microsoft365-two-recipients.eml'), READ_AT)).toEqual([
      {
        ...common,
        kind: 'hard',
        recipient: 'gone.parent@stmarys-pta.example',
        detail: '5.1.10: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        eventId: `${ndr}|gone.parent@stmarys-pta.example`,
      },
      {
        ...common,
        kind: 'hard',
        recipient: 'treasurer@stmarys-pta.example',
        detail: '5.2.2: 554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded',
        eventId: `${ndr}|treasurer@stmarys-pta.example`,
      },
    ]);
  });

  it('reports only the failed recipients when others were delayed or delivered', async () => {
    const raw = variant('microsoft365-two-recipients.eml', (text) => text.replace('Action: failed\nStatus: 5.2.2', 'Action: delivered (to mailbox)\nStatus: 2.0.0'));
    expect((await parseBounceMessage(raw, READ_AT)).map((r) => r.recipient)).toEqual(['gone.parent@stmarys-pta.example']);
  });

  it('takes Original-Recipient when there is no Final-Recipient', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) => text.replace('Final-Recipient: rfc822; nobody@parents.example\n', ''));
    const [report] = await parseBounceMessage(raw, READ_AT);
    expect(report?.recipient).toBe('nobody@parents.example');
  });

  it('reads the fields whatever their case, folded, and a report with no per-message group', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) =>
      text
        .replace(/Reporting-MTA[^]*?\n\n(Final-Recipient)/, '$1')
        .replace('Final-Recipient: rfc822; nobody@parents.example', 'FINAL-RECIPIENT: RFC822;\n <nobody@parents.example>')
        .replace('Action: failed', 'action: Failed')
        .replace('Status: 5.1.1', 'status: 5.1.1 (user unknown)'),
    );
    const [report] = await parseBounceMessage(raw, READ_AT);
    expect(report).toMatchObject({ kind: 'hard', recipient: 'nobody@parents.example' });
    expect(report?.detail).toMatch(/^5\.1\.1 \(user unknown\): 550 5\.1\.1/);
  });

  it('reads a delivery-status part sent base64-encoded', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) =>
      text.replace(/(Content-Type: message\/delivery-status\n\n)([^]*?)(\n--3F1B)/, (_m, head: string, body: string, tail: string) =>
        `${head.replace('\n\n', '\nContent-Transfer-Encoding: base64\n\n')}${Buffer.from(body).toString('base64').replace(/.{76}/g, '$&\n')}\n${tail}`,
      ),
    );
    expect(await parseBounceMessage(raw, READ_AT)).toEqual(await parseBounceMessage(fixture('postfix-user-unknown.eml'), READ_AT));
  });

  it('skips a failed recipient whose status is no 4.x.x or 5.x.x', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) => text.replace('Status: 5.1.1', 'Status: unknown'));
    expect(await parseBounceMessage(raw, READ_AT)).toEqual([]);
  });

  it('makes the event id of a hash of the message when it has no Message-ID', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) => text.replace('Message-Id: <20250114091203.4A6D2C0A14@mx.greenfield.example>\n', ''));
    const [report] = await parseBounceMessage(raw, READ_AT);
    expect(report?.eventId).toBe(`${createHash('sha256').update(raw).digest('hex')}|nobody@parents.example`);
    expect(await parseBounceMessage(Buffer.from(raw), READ_AT)).toEqual([report]);
  });

  it('finds the tag in the returned message’s Return-Path when the bounce went elsewhere', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) => text.replaceAll('bounce+n42-7f3k@bounces.greenfield.example', 'postmaster@greenfield.example').replace('Return-Path: <postmaster@greenfield.example>', 'Return-Path: <bounce+N42-7F3K@bounces.greenfield.example>'));
    expect((await parseBounceMessage(raw, READ_AT))[0]?.tag).toBe('n42-7f3k');
    const untagged = variant('postfix-user-unknown.eml', (text) => text.replaceAll('bounce+n42-7f3k@bounces.greenfield.example', 'postmaster@greenfield.example'));
    expect((await parseBounceMessage(untagged, READ_AT))[0]).toMatchObject({ tag: null, recipient: 'nobody@parents.example' });
  });

  it('reads the original whether mailparser would attach it or inline it (no disposition, or inline)', async () => {
    const inline = variant('postfix-user-unknown.eml', (text) => text.replace('Content-Type: message/rfc822\n', 'Content-Type: message/rfc822\nContent-Disposition: inline\n'));
    expect(await parseBounceMessage(inline, READ_AT)).toEqual(await parseBounceMessage(fixture('postfix-user-unknown.eml'), READ_AT));
    const attached = variant('postfix-user-unknown.eml', (text) => text.replace('Content-Type: message/rfc822\n', 'Content-Type: message/rfc822\nContent-Disposition: attachment; filename="original.eml"\n'));
    expect(await parseBounceMessage(attached, READ_AT)).toEqual(await parseBounceMessage(fixture('postfix-user-unknown.eml'), READ_AT));
  });

  it('leaves messageId null when the report returns no original', async () => {
    const raw = variant('postfix-user-unknown.eml', (text) => text.replace(/--3F1B2C0A12[^-]*\nContent-Description: Undelivered Message\n[^]*?(?=--3F1B2C0A12\.1736845923\/mx\.greenfield\.example--)/, ''));
    expect((await parseBounceMessage(raw, READ_AT))[0]).toMatchObject({ messageId: null, recipient: 'nobody@parents.example', tag: 'n42-7f3k' });
  });
});

describe('abuse reports (ARF, RFC 5965)', () => {
  it('reads a Yahoo complaint: the recipient and Message-ID from the attached original, the tag from its Return-Path', async () => {
    expect(await parseBounceMessage(fixture('arf-yahoo-abuse.eml'), READ_AT)).toEqual([
      {
        kind: 'complaint',
        source: 'mailbox',
        recipient: 'parent.one@yahoo.com',
        tag: 'n42-c3d4',
        messageId: 'n42.c3d4.1737191720@greenfield.example',
        detail: 'Feedback-Type: abuse; User-Agent: Yahoo!-Mail-Feedback/2.0',
        eventId: '1937482615.4412093.1737223330412@arf.mail.yahoo.com|parent.one@yahoo.com',
        at: READ_AT,
      },
    ]);
  });

  it('reads an AOL-style complaint whose original is text/rfc822-headers', async () => {
    expect(await parseBounceMessage(fixture('arf-aol-headers.eml'), READ_AT)).toEqual([
      {
        kind: 'complaint',
        source: 'mailbox',
        recipient: 'a.parent@aol.com',
        tag: 'n42-99zz',
        messageId: 'n42.99zz.1737277950@greenfield.example',
        detail: 'Feedback-Type: abuse; User-Agent: AOL SComp',
        eventId: '201501190541.8d2c1b7e0f3a4a9@omr-m024e.mx.aol.com|a.parent@aol.com',
        at: READ_AT,
      },
    ]);
  });

  it('takes Original-Rcpt-To when the original names no single recipient, and Original-Mail-From for the tag when nothing else has one', async () => {
    const raw = variant('arf-yahoo-abuse.eml', (text) =>
      text.replace('To: parent.one@yahoo.com\nSubject', 'To: undisclosed-recipients:;\nSubject').replace('Return-Path: <bounce+n42-c3d4@bounces.greenfield.example>\n', ''),
    );
    expect((await parseBounceMessage(raw, READ_AT))[0]).toMatchObject({ kind: 'complaint', recipient: 'parent.one@yahoo.com', tag: 'n42-c3d4' });
  });

  it('gives no complaint for the feedback types that are none (DMARC failures, not-spam)', async () => {
    for (const type of ['auth-failure', 'not-spam', 'virus']) {
      const raw = variant('arf-yahoo-abuse.eml', (text) => text.replace('Feedback-Type: abuse', `Feedback-Type: ${type}`));
      expect(await parseBounceMessage(raw, READ_AT), type).toEqual([]);
    }
  });
});

describe('anything else in the mailbox', () => {
  it('gives no report for an out-of-office reply, though it came to a tagged address', async () => {
    expect(await parseBounceMessage(fixture('auto-reply.eml'), READ_AT)).toEqual([]);
  });

  it('gives no report for garbage, and never throws', async () => {
    expect(await parseBounceMessage(fixture('garbage.eml'), READ_AT)).toEqual([]);
    const broken = [
      '',
      '\r\n\r\n',
      'Content-Type: multipart/report; report-type=delivery-status\r\n\r\nno boundary at all',
      'Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nAction: failed\r\n',
      'Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64!!!\r\n--x',
      'Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nContent-Type: message/feedback-report\r\n\r\n\r\n--x--',
      Buffer.from([0xff, 0xfe, 0x00, 0x0a, 0x0d, 0x3a]),
    ];
    for (const raw of broken) expect(await parseBounceMessage(raw, READ_AT)).toEqual([]);
  });
});

describe('verpTagOf', () => {
  it('reads the tag of a bounce+<tag>@ address, lowercased', () => {
    expect(verpTagOf('bounce+n42-7f3k@bounces.greenfield.example')).toBe('n42-7f3k');
    expect(verpTagOf('<BOUNCE+N42-AbC@bounces.greenfield.example>')).toBe('n42-abc');
    expect(verpTagOf('"Bounces" <bounce+x1@b.example>')).toBe('x1');
    expect(verpTagOf('rfc822; bounce+x1@b.example')).toBe('x1');
  });

  it('finds none in any other address', () => {
    for (const address of ['bounce@b.example', 'bounce+@b.example', 'bounce+a--b@b.example', 'bounce+-a@b.example', 'bounce+a-@b.example', 'bounce+a.b@b.example', 'nobounce+a@b.example', 'bounce+a_b@b.example', '']) {
      expect(verpTagOf(address), address).toBeNull();
    }
  });
});

describe('parseBouncesUrl (MAIL_BOUNCES_URL)', () => {
  it('reads the four protocols, their default ports, the folder and the options', () => {
    expect(parseBouncesUrl('imaps://bounces:s3cret@mail.example.org/Bounces/2025?ca_file=/etc/ssl/ca.pem')).toEqual({
      protocol: 'imap',
      host: 'mail.example.org',
      port: 993,
      secure: true,
      user: 'bounces',
      pass: 's3cret',
      folder: 'Bounces/2025',
      caFile: '/etc/ssl/ca.pem',
      skipVerify: false,
    });
    expect(parseBouncesUrl('imap://b:p@mail.example.org')).toMatchObject({ protocol: 'imap', port: 143, secure: false, folder: 'INBOX' });
    expect(parseBouncesUrl('pop3s://b:p@mail.example.org')).toMatchObject({ protocol: 'pop3', port: 995, secure: true, folder: 'INBOX' });
    expect(parseBouncesUrl('POP3://b:p@[::1]:1110?skip_verify=true')).toMatchObject({ protocol: 'pop3', host: '::1', port: 1110, secure: false, skipVerify: true });
  });

  it('decodes a percent-encoded user, password and folder', () => {
    expect(parseBouncesUrl('imaps://bounces%40school.example:p%40ss%2Fw%20rd%25@mail.example.org/Sent%20Items')).toMatchObject({
      user: 'bounces@school.example',
      pass: 'p@ss/w rd%',
      folder: 'Sent Items',
    });
  });

  it('says what is wrong, never with the password', () => {
    const cases: [string, RegExp][] = [
      ['', /^must be an imaps:\/\/, imap:\/\/, pop3s:\/\/ or pop3:\/\/ address/],
      ['smtp://b:p@mail.example.org', /^must be an imaps:\/\//],
      ['imaps://mail.example.org', /^has no user/],
      ['imaps://bounces@mail.example.org', /^has no password/],
      ['imaps://b:secret-pw@mail.example.org?pool=5', /^has an unknown option "pool"/],
      ['imaps://b:secret-pw@mail.example.org?skip_verify=yes', /^skip_verify must be true or false/],
      ['imaps://b:secret-pw@mail.example.org?ca_file=ca.pem', /^ca_file must be an absolute path/],
      ['pop3s://b:secret-pw@mail.example.org/INBOX', /^names a folder, but POP3 has none/],
      ['imaps://b:secret-pw%zz@mail.example.org', /^has a password with a broken percent-encoding/],
    ];
    for (const [url, message] of cases) {
      let error: Error | undefined;
      try {
        parseBouncesUrl(url);
      } catch (err) {
        error = err as Error;
      }
      expect(error?.message, url).toMatch(message);
      expect(error?.message, url).not.toContain('secret-pw');
    }
  });
});
