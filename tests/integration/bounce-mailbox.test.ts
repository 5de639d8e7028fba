import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BounceReport } from '../../src/platform/mail/bounces/report';
import { readBounceMailbox } from '../../src/platform/mail/bounces/mailbox';
import { tlsOptionsOf } from '../../src/platform/mail/bounces/mailbox/connection';
import { Pop3Client } from '../../src/platform/mail/bounces/mailbox/pop3-client';
import { parseBouncesUrl } from '../../src/platform/mail/bounces/mailbox/url';
import { startDovecot, type TestDovecot } from '../factories/dovecot';

/**
 * Issue 28: the bounce mailbox reader (src/platform/mail/bounces/mailbox) against a real Dovecot
 * (tests/factories/dovecot.ts) over IMAP and POP3, TLS verified with the test CA (`?ca_file=`).
 * Each test has a user (a mailbox) of its own; the messages go in through IMAP APPEND.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/bounces');
const NOW = 1_737_400_000;
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const POSTFIX = fixture('postfix-user-unknown.eml');
const EXIM = fixture('exim-gmail-mailbox-full.eml');
const YAHOO = fixture('arf-yahoo-abuse.eml');
const AUTO_REPLY = fixture('auto-reply.eml');

/** What the three bounces report, in the order they were put in. */
const THREE_REPORTS = [
  { kind: 'hard', recipient: 'nobody@parents.example', tag: 'n42-7f3k', messageId: 'n42.7f3k.1736845920@greenfield.example' },
  { kind: 'soft', recipient: 'full.box@gmail.com', tag: 'n42-a1b2', messageId: 'n42.a1b2.1736926240@greenfield.example' },
  { kind: 'complaint', recipient: 'parent.one@yahoo.com', tag: 'n42-c3d4', messageId: 'n42.c3d4.1737191720@greenfield.example' },
].map((r) => expect.objectContaining({ ...r, source: 'mailbox', at: NOW }));

// A password that needs its percent-encoding in the URL.
const USERS = Object.fromEntries(
  ['imaps', 'pop3s', 'starttls', 'folder', 'limit', 'imap-throws', 'pop3-throws', 'verify', 'wrong', 'bytes'].map((name) => [name, `p@ss/w rd%&${name}`]),
);

let dovecot: TestDovecot;

beforeAll(async () => {
  dovecot = await startDovecot(USERS);
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

function collector(): { reports: BounceReport[]; onReport: (report: BounceReport) => Promise<void> } {
  const reports: BounceReport[] = [];
  return { reports, onReport: async (report) => void reports.push(report) };
}

/** The user's INBOX as the server has it: each message's subject and flags, by UID. */
async function inbox(user: string, folder = 'INBOX'): Promise<{ subject: string; seen: boolean }[]> {
  const client = await dovecot.imap(user);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const status = await client.status(folder, { messages: true });
      if (!status || status.messages === 0) return [];
      const messages = await client.fetchAll('1:*', { envelope: true, flags: true });
      return messages.map((m) => ({ subject: m.envelope?.subject ?? '', seen: m.flags?.has('\\Seen') ?? false }));
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

describe('the bounce mailbox over IMAP', () => {
  it('reports the bounces and deletes them, marks the auto-reply seen and leaves it; the next run reads nothing', async () => {
    await dovecot.append('imaps', [POSTFIX, EXIM, AUTO_REPLY, YAHOO]);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('imaps', 'imaps'), onReport, { now: () => NOW })).toEqual({ read: 4, reports: 3 });
    expect(reports).toEqual(THREE_REPORTS);
    expect(await inbox('imaps')).toEqual([{ subject: 'Automatic reply: Newsletter - Spring term', seen: true }]);

    expect(await readBounceMailbox(dovecot.url('imaps', 'imaps'), onReport, { now: () => NOW })).toEqual({ read: 0, reports: 0 });
    expect(reports).toHaveLength(3);
    expect(await inbox('imaps')).toHaveLength(1);
  });

  it('reads the folder the URL names', async () => {
    await dovecot.append('folder', [AUTO_REPLY]);
    await dovecot.append('folder', [POSTFIX], 'Bounces');
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('imaps', 'folder', { folder: 'Bounces' }), onReport, { now: () => NOW })).toEqual({ read: 1, reports: 1 });
    expect(reports).toEqual([THREE_REPORTS[0]]);
    expect(await inbox('folder', 'Bounces')).toEqual([]);
    expect(await inbox('folder')).toEqual([{ subject: 'Automatic reply: Newsletter - Spring term', seen: false }]);
    await expect(readBounceMailbox(dovecot.url('imaps', 'folder', { folder: 'Nowhere' }), onReport)).rejects.toThrow(
      /^The bounce mailbox imaps:\/\/folder@127\.0\.0\.1:\d+ could not be read: Mailbox doesn't exist: Nowhere/,
    );
  });

  it('reads at most `limit` messages a run, the rest the next run', async () => {
    await dovecot.append('limit', [POSTFIX, EXIM, YAHOO]);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('imaps', 'limit'), onReport, { now: () => NOW, limit: 2 })).toEqual({ read: 2, reports: 2 });
    expect(await readBounceMailbox(dovecot.url('imaps', 'limit'), onReport, { now: () => NOW, limit: 2 })).toEqual({ read: 1, reports: 1 });
    expect(reports).toEqual(THREE_REPORTS);
    expect(await inbox('limit')).toEqual([]);
  });

  it('keeps the message whose onReport throws, unseen, and rethrows once the session is closed', async () => {
    await dovecot.append('imap-throws', [POSTFIX, EXIM, YAHOO]);
    const failure = new Error('the database is down');
    const recorded: BounceReport[] = [];
    const run = readBounceMailbox(dovecot.url('imaps', 'imap-throws'), async (report) => {
      if (report.kind === 'soft') throw failure;
      recorded.push(report);
    });
    await expect(run).rejects.toBe(failure);
    expect(recorded.map((r) => r.kind)).toEqual(['hard']);
    // The first was recorded (deleted), the one that failed and the one after it were left as they were.
    expect(await inbox('imap-throws')).toEqual([
      { subject: 'Mail delivery failed: returning message to sender', seen: false },
      { subject: 'FW: Newsletter - Spring term', seen: false },
    ]);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('imaps', 'imap-throws'), onReport, { now: () => NOW })).toEqual({ read: 2, reports: 2 });
    expect(reports).toEqual(THREE_REPORTS.slice(1));
  });
});

describe('the bounce mailbox over POP3', () => {
  it('reports the bounces and deletes them, leaves the auto-reply (read again next run: POP3 keeps no seen flag)', async () => {
    await dovecot.append('pop3s', [POSTFIX, EXIM, AUTO_REPLY, YAHOO]);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('pop3s', 'pop3s'), onReport, { now: () => NOW })).toEqual({ read: 4, reports: 3 });
    expect(reports).toEqual(THREE_REPORTS);
    expect((await inbox('pop3s')).map((m) => m.subject)).toEqual(['Automatic reply: Newsletter - Spring term']);

    expect(await readBounceMailbox(dovecot.url('pop3s', 'pop3s'), onReport, { now: () => NOW })).toEqual({ read: 1, reports: 0 });
    expect(reports).toHaveLength(3);
  });

  it('keeps the message whose onReport throws, and commits the deletions before it', async () => {
    await dovecot.append('pop3-throws', [POSTFIX, EXIM, YAHOO]);
    const failure = new Error('the database is down');
    await expect(
      readBounceMailbox(dovecot.url('pop3s', 'pop3-throws'), async (report) => {
        if (report.kind === 'soft') throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await inbox('pop3-throws')).toHaveLength(2);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('pop3s', 'pop3-throws'), onReport, { now: () => NOW })).toEqual({ read: 2, reports: 2 });
    expect(reports).toEqual(THREE_REPORTS.slice(1));
    expect(await inbox('pop3-throws')).toEqual([]);
  });
});

describe('the POP3 client', () => {
  it('hands over a message byte for byte: dot-stuffing undone, 8-bit kept, a large one whole', async () => {
    const lines = ['Subject: dots', 'Content-Type: text/plain; charset=iso-8859-1', 'Content-Transfer-Encoding: 8bit', '', '.', '..', '.hidden', 'caf\xe9 d\xe9j\xe0 vu', ''];
    for (let i = 0, size = 0; size < 400_000; i += 1) {
      lines.push(`${i % 7 === 0 ? '.' : ''}line ${i} ${'x'.repeat(i % 120)}`);
      size += (lines.at(-1)?.length ?? 0) + 2;
    }
    const message = Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
    await dovecot.append('bytes', [message]);
    const mailbox = parseBouncesUrl(dovecot.url('pop3s', 'bytes'));
    const client = await Pop3Client.open({ ...mailbox, tls: tlsOptionsOf(mailbox), timeoutMs: 10_000 });
    try {
      expect(await client.count()).toBe(1);
      expect((await client.retrieve(1)).equals(message)).toBe(true);
    } finally {
      await client.quit();
    }
  });
});

describe('connecting', () => {
  it('upgrades imap:// and pop3:// with STARTTLS and STLS (the server takes no login before TLS)', async () => {
    await dovecot.append('starttls', [POSTFIX, EXIM]);
    const { reports, onReport } = collector();
    expect(await readBounceMailbox(dovecot.url('imap', 'starttls'), onReport, { now: () => NOW, limit: 1 })).toEqual({ read: 1, reports: 1 });
    expect(await readBounceMailbox(dovecot.url('pop3', 'starttls'), onReport, { now: () => NOW })).toEqual({ read: 1, reports: 1 });
    expect(reports).toEqual(THREE_REPORTS.slice(0, 2));
  });

  it('refuses the server’s certificate without ca_file, and reads with skip_verify=true', async () => {
    const { onReport } = collector();
    for (const protocol of ['imaps', 'pop3s'] as const) {
      await expect(readBounceMailbox(dovecot.url(protocol, 'verify', { query: '' }), onReport)).rejects.toThrow(
        /could not be read: .*(self-signed|unable to verify).*add \?ca_file=/,
      );
      expect(await readBounceMailbox(dovecot.url(protocol, 'verify', { query: 'skip_verify=true' }), onReport)).toEqual({ read: 0, reports: 0 });
    }
  });

  it('fails after the timeout, not hanging, when the server never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      for (const protocol of ['imaps', 'imap', 'pop3s', 'pop3']) {
        const started = performance.now();
        await expect(readBounceMailbox(`${protocol}://u:p@127.0.0.1:${port}`, async () => undefined, { timeoutMs: 300 }), protocol).rejects.toThrow(
          new RegExp(`^The bounce mailbox ${protocol}://u@127\\.0\\.0\\.1:${port} could not be read: `),
        );
        expect(performance.now() - started, protocol).toBeLessThan(5_000);
      }
    } finally {
      silent.close();
    }
  });

  it('says the login was refused on a wrong password, at once and without the password', async () => {
    for (const protocol of ['imaps', 'pop3s'] as const) {
      const started = performance.now();
      const error = await readBounceMailbox(dovecot.url(protocol, 'wrong', { password: 'not-the-password' }), async () => undefined).catch((err: unknown) => err as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(new RegExp(`^The bounce mailbox ${protocol}://wrong@127\\.0\\.0\\.1:\\d+ refused the login \\(wrong user or password in MAIL_BOUNCES_URL\\?\\): .*Authentication failed`));
      expect((error as Error).message).not.toContain('not-the-password');
      expect(performance.now() - started, protocol).toBeLessThan(3_000);
    }
  });
});
