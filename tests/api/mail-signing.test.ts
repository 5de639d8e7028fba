import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimVerify } from 'mailauth';
import { isConfigError, parseConfig } from '../../src/platform/config';
import { createMailTransport, dkimSettings, schoolListId, type MailContent, type MailKind, type OutgoingMail } from '../../src/platform/mail';
import type { Runtime } from '../../src/platform/runtime';
import { useTestContext } from '../factories';
import { startSmtpSink, type SmtpSink } from '../factories/smtp-sink';

/**
 * What inboxes judge a sender by (issue 28): every message DKIM-signed when MAIL_DKIM_ is set
 * (verified here by mailauth against the published key, as a receiving server would), a
 * newsletter copy under its school's List-Id, system mail marked Auto-Submitted.
 */
const FROM = 'office@portal.example.org';
const SELECTOR = 'portal2026';
const DOMAIN = 'portal.example.org';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-dkim-'));
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyFile = path.join(dir, 'dkim.pem');
fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
/** The TXT record an operator publishes at <selector>._domainkey.<domain>. */
const dnsRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** A resolver holding only the test key, the way a receiving server looks it up. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[dnsRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}

const DKIM_ENV = { MAIL_DKIM_DOMAIN: DOMAIN, MAIL_DKIM_SELECTOR: SELECTOR, MAIL_DKIM_PRIVATE_KEY_FILE: keyFile };

const NEWSLETTER: MailKind = { kind: 'newsletter', list: schoolListId({ label: 'St.Marys', name: 'St Mary’s School' }, 'https://portal.example.org:8443') };

function message(kind: MailKind, overrides: Partial<MailContent> = {}): OutgoingMail {
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

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function configFailure(env: Record<string, string>): string {
  try {
    const config = parseConfig(env);
    dkimSettings(config);
  } catch (err) {
    expect(isConfigError(err)).toBe(true);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('DKIM configuration', () => {
  it('is off without MAIL_DKIM_, and on with all three', () => {
    expect(dkimSettings(parseConfig({}))).toBeUndefined();
    expect(dkimSettings(parseConfig(DKIM_ENV))).toMatchObject({ domainName: DOMAIN, keySelector: SELECTOR });
  });

  it('stops start-up naming what is wrong, and never prints the key', () => {
    expect(configFailure({ MAIL_DKIM_DOMAIN: DOMAIN, MAIL_DKIM_SELECTOR: SELECTOR })).toMatch(/^Invalid configuration: MAIL_DKIM_PRIVATE_KEY_FILE must be set with the other MAIL_DKIM_ variables/);
    expect(configFailure({ ...DKIM_ENV, MAIL_DKIM_DOMAIN: 'not a domain' })).toMatch(/MAIL_DKIM_DOMAIN must be a domain name/);
    expect(configFailure({ ...DKIM_ENV, MAIL_DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toMatch(/^MAIL_DKIM_PRIVATE_KEY_FILE does not exist: /);

    const publicOnly = path.join(dir, 'public.pem');
    fs.writeFileSync(publicOnly, publicKey.export({ type: 'spki', format: 'pem' }));
    expect(configFailure({ ...DKIM_ENV, MAIL_DKIM_PRIVATE_KEY_FILE: publicOnly })).toMatch(/is not a PEM private key/);

    const ed = path.join(dir, 'ed25519.pem');
    fs.writeFileSync(ed, crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const edFailure = configFailure({ ...DKIM_ENV, MAIL_DKIM_PRIVATE_KEY_FILE: ed });
    expect(edFailure).toMatch(/must hold an RSA key of 1024 bits or more/);
    expect(edFailure).not.toContain('PRIVATE KEY');

    const mangled = path.join(dir, 'mangled.pem');
    const pem = fs.readFileSync(keyFile, 'utf8');
    fs.writeFileSync(mangled, pem.replace(/[A-Za-z]{20}/, 'x'));
    const mangledFailure = configFailure({ ...DKIM_ENV, MAIL_DKIM_PRIVATE_KEY_FILE: mangled });
    expect(mangledFailure).toMatch(/is not a PEM private key/);
    expect(mangledFailure).not.toContain(pem.split('\n')[1]!.slice(0, 20));
  });
});

describe('signed mail, through SMTP and into the outbox', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  function runtime(env: Partial<Record<'MAIL_URL' | keyof typeof DKIM_ENV, string>>): Runtime {
    const base = ctx().runtime;
    return { ...base, config: { ...base.config, PORTAL_MAIL_FROM: FROM, ...env } };
  }

  it('signs every message relaxed/relaxed; a receiving server verifies it with the published key, and an altered copy fails', async () => {
    const transport = createMailTransport(runtime({ ...DKIM_ENV, MAIL_URL: sink.url }));
    try {
      const before = sink.received.length;
      const attachment = { filename: 'programme.pdf', content: Buffer.from('%PDF-1.4\n% programme\n'), contentType: 'application/pdf' };
      expect(await transport.send(message(NEWSLETTER, { attachments: [attachment] }))).toMatchObject({ ok: true });
      expect(await transport.send(message({ kind: 'system' }))).toMatchObject({ ok: true });
      const got = (await sink.waitFor(before + 2)).slice(before);
      for (const mail of got) {
        const signature = /^DKIM-Signature:([^\r\n]*(\r?\n[ \t][^\r\n]*)*)/m.exec(mail.raw)?.[1] ?? '';
        expect(signature).toMatch(/\bc=relaxed\/relaxed;/);
        expect(signature).toMatch(/\ba=rsa-sha256;/);
        expect(signature).toMatch(new RegExp(`\\bd=${DOMAIN.replace(/\./g, '\\.')};`));
        expect(signature).toMatch(new RegExp(`\\bs=${SELECTOR};`));
        const verified = await dkimVerify(Buffer.from(mail.raw), { resolver, sender: FROM });
        expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);

        const altered = mail.raw.replace('summer fair', 'winter fair');
        expect(altered).not.toBe(mail.raw);
        const failed = await dkimVerify(Buffer.from(altered), { resolver, sender: FROM });
        expect(failed.results.map((r) => r.status.result)).not.toContain('pass');
        expect(failed.results[0]?.info).toMatch(/body hash did not verify/);
      }
    } finally {
      transport.close();
    }
  });

  it('keeps the signed message in the outbox, as a relay would receive it', async () => {
    const rt = runtime(DKIM_ENV);
    const transport = createMailTransport(rt);
    expect(transport.kind).toBe('outbox');
    const result = await transport.send(message({ kind: 'system' }, { subject: 'Signed in the outbox' }));
    expect(result.ok).toBe(true);
    const row = await rt.db.selectFrom('mail_outbox').select('raw').where('subject', '=', 'Signed in the outbox').executeTakeFirstOrThrow();
    const verified = await dkimVerify(Buffer.from(row.raw), { resolver, sender: FROM });
    expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);
  });

  it('sends unsigned without MAIL_DKIM_ (the relay may sign instead)', async () => {
    const transport = createMailTransport(runtime({ MAIL_URL: sink.url }));
    try {
      const before = sink.received.length;
      await transport.send(message({ kind: 'system' }));
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
      expect(mail!.raw).not.toMatch(/^DKIM-Signature:/m);
    } finally {
      transport.close();
    }
  });

  it('names a newsletter copy’s list (List-Id) and marks system mail Auto-Submitted, never both', async () => {
    const transport = createMailTransport(runtime({ MAIL_URL: sink.url }));
    try {
      const before = sink.received.length;
      await transport.send(message(NEWSLETTER, { unsubscribe: { url: 'https://portal.example.org/unsubscribe/1.x', oneClick: true } }));
      await transport.send(message({ kind: 'system' }));
      const [newsletter, system] = (await sink.waitFor(before + 2)).slice(before).sort((a, b) => Number(a.raw.includes('Auto-Submitted')) - Number(b.raw.includes('Auto-Submitted')));
      // Headers unfolded: the name is an encoded word (RFC 2047), the id the school's dot-atom.
      const unfolded = newsletter!.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/^List-ID: =\?UTF-8\?Q\?St_Mary=E2=80=99s_School\?= <st-marys\.list-id\.portal\.example\.org>\r?$/m);
      expect(newsletter!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(newsletter!.raw).not.toMatch(/^Auto-Submitted:/im);
      expect(system!.raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
      expect(system!.raw).not.toMatch(/^List-(ID|Unsubscribe):/im);
    } finally {
      transport.close();
    }
  });
});

describe('a school’s List-Id', () => {
  it('is its label as a dot-atom under the portal’s host, the same for every send', () => {
    expect(schoolListId({ label: 'demo.school', name: 'Demo School' }, 'https://portal.example.org')).toEqual({ id: 'demo-school.list-id.portal.example.org', name: 'Demo School' });
    expect(schoolListId({ label: 'St Mary’s__High', name: 'x' }, 'http://127.0.0.1:4321').id).toBe('st-mary-s-high.list-id.127.0.0.1');
    expect(schoolListId({ label: '—', name: 'x' }, 'http://[::1]:4321').id).toBe('school.list-id.--1');
  });
});
