import { describe, expect, it } from 'vitest';
import { parse, type ParserError } from 'parse5';
import { JSDOM } from 'jsdom';
import { simpleParser } from 'mailparser';
import { createMailTransport, type OutgoingMail } from '../../src/platform/mail';
import { asDocument } from '../../src/platform/mail/layout';
import { useTestContext } from '../factories';

/**
 * Every message is a whole email document (issue 28): system mail and the simple newsletter were
 * bare HTML fragments (parse5: missing-doctype). Checked on what the outbox keeps, as sent.
 */
function systemMail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    kind: 'system',
    domainId: null,
    fromName: 'St Mary’s & Co',
    to: { address: 'ada@parents.example.org' },
    subject: 'Your <invitation>',
    html: '<p>Hello Ada,</p><p><a href="https://portal.example.org/welcome/abc">Choose your password</a></p>',
    text: 'Hello Ada',
    ...overrides,
  } as OutgoingMail;
}

function parseErrors(html: string): string[] {
  const errors: string[] = [];
  parse(html, { onParseError: (e: ParserError) => errors.push(e.code) });
  return errors;
}

describe('the email layout', () => {
  const ctx = useTestContext();

  it('sends a fragment as a document: doctype, title, the sender as its heading, the message in an accessible article', async () => {
    const { runtime, db } = ctx();
    const transport = createMailTransport(runtime);
    await transport.send(systemMail());
    const row = await db.selectFrom('mail_outbox').select(['html', 'raw']).where('subject', '=', 'Your <invitation>').executeTakeFirstOrThrow();
    const html = row.html ?? '';
    const sent = (await simpleParser(row.raw)).html || '';
    expect(sent.replace(/\r\n/g, '\n')).toBe(html.replace(/\r\n/g, '\n'));
    expect(parseErrors(html)).toEqual([]);
    expect(parseErrors('<p>Hello Ada,</p>')).toContain('missing-doctype');

    const { document } = new JSDOM(html).window;
    expect(document.title).toBe('Your <invitation>');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    const article = document.querySelector('body > div[role="article"]')!;
    expect([article.getAttribute('aria-roledescription'), article.getAttribute('lang'), article.getAttribute('dir')]).toEqual(['email', 'en', 'ltr']);
    expect([...document.querySelectorAll('table')].every((t) => t.getAttribute('role') === 'presentation')).toBe(true);
    const texts = [...article.querySelectorAll('div')].map((d) => d.textContent?.trim() ?? '');
    expect(texts.indexOf('St Mary’s & Co')).toBeGreaterThanOrEqual(0);
    const link = article.querySelector('a[href="https://portal.example.org/welcome/abc"]');
    expect(link?.textContent).toBe('Choose your password');
    // Readable width: the layout is 600 px at most.
    expect(html).toMatch(/max-width:600px/);
  });

  it('leaves a document as it is, and never reads a message’s text as a marker', async () => {
    const document = '<!doctype html><html><head><title>Built</title></head><body><p>As built</p></body></html>';
    expect((await asDocument(systemMail({ html: document }))).html).toBe(document);

    const tricky = await asDocument(systemMail({ subject: '%%PORTAL-MAIL-BODY%%', fromName: '%%PORTAL-MAIL-TITLE%%', html: '<p>%%PORTAL-MAIL-HEADING%% $& $1</p>' }));
    const { document: parsed } = new JSDOM(tricky.html).window;
    expect(parsed.title).toBe('%%PORTAL-MAIL-BODY%%');
    expect(tricky.html).toContain('<p>%%PORTAL-MAIL-HEADING%% $& $1</p>');
    expect(tricky.html.match(/<p>%%PORTAL-MAIL-HEADING%%/g)).toHaveLength(1);
  });
});
