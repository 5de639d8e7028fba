/**
 * Section 'mail' (issue 28): every kind of message the portal sends, made by the portal's own code
 * (the same builders, layout, headers and DKIM signing as a real send), scored by SpamAssassin as
 * it would arrive from a relay (local tests only: no network lists), and its DKIM signature
 * verified by mailauth against the published test key. Needs Debian's `spamassassin`.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { dkimVerify } from 'mailauth';
import { composeOptions } from '../../src/platform/mail/compose';
import { asDocument } from '../../src/platform/mail/layout';
import { schoolListId, type OutgoingMail } from '../../src/platform/mail';
import { invitationMail } from '../../src/modules/account/server/embedded/users/invitation-mail';
import { resetMail } from '../../src/modules/account/server/embedded/password-reset/mail';
import { signupMail } from '../../src/modules/newsletter/server/embedded/signup/mail';
import { pdfMail } from '../../src/modules/newsletter/server/embedded/builder/pdf/job';
import { recipientMail } from '../../src/modules/newsletter/server/embedded/sends/message';
import { absoluteAddresses, absoluteTextLinks, attachmentParagraph, newsletterHtml, plainText } from '../../src/modules/newsletter/server/embedded/sends/compose';
import { renderEmail } from '../../src/modules/newsletter/server/embedded/builder/render';
import { withTitle } from '../../src/modules/newsletter/server/embedded/builder/render/html';
import { defaultSettings, type Build } from '../../src/modules/newsletter/builder-contract';
import { requestMail } from '../../src/modules/hapara/server/embedded/requests/mail';
import { replyMail } from '../../src/modules/support/server/embedded/tickets/mail';

const FROM = 'newsletters@portal.example.org';
/** Newsletter copies leave with their own VERP bounce address (MAIL_BOUNCE_DOMAIN), as configured for bounces. */
const BOUNCE_DOMAIN = 'bounces.portal.example.org';
const BOUNCE_TAG = '4242-3f9a0c1d2e4b5a69';
const DOMAIN = 'portal.example.org';
const SELECTOR = 'bench2026';
const PORTAL = 'https://portal.example.org';
const SITE = 'https://sites.example.org';
const SCHOOL = { label: 'greenfield.school', name: 'Greenfield Primary' };
const LIST = schoolListId(SCHOOL, PORTAL);

export interface MailScore {
  kind: string;
  score: number;
  hits: string;
  dkim: string;
}

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const dnsRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const DKIM = { domainName: DOMAIN, keySelector: SELECTOR, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };

async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[dnsRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}

const POST = [
  '<h2>Summer fair</h2>',
  '<p>Dear families, our <strong>summer fair</strong> is on Saturday 5 July from 10 am to 2 pm on the school field.',
  'There will be a cake stall, a tombola, face painting and the Year 6 band. Volunteers are very welcome: please',
  'let the office know which hour you can help with.</p>',
  '<p>Sports day is on Friday. Children should bring a water bottle, a sun hat and their PE kit.</p>',
].join(' ');

function builderNewsletter(): Build {
  const text = (id: string, html: string) => ({ id, type: 'text' as const, data: { html }, settings: defaultSettings('text') });
  return [[text('h', '<p>Greenfield Weekly</p>')], [text('t', POST)], []];
}

/** Every kind of message, as the portal makes it. */
async function messages(): Promise<Array<[string, OutgoingMail]>> {
  const recipient = { email: 'ada.parent@parents.example.org', name: 'Ada Parent', bounceTag: BOUNCE_TAG };
  const unsubscribe = `${PORTAL}/unsubscribe/42.${'x'.repeat(43)}`;
  const attachmentUrl = `/uploads/${SCHOOL.label}/3f2a9c.pdf`;
  const postHtml = `${POST}${attachmentParagraph(attachmentUrl, 'Fair programme')}`;
  const viewUrl = `${SITE}/sites/${SCHOOL.label}/posts/summer-fair`;
  const simple = recipientMail(
    {
      domain_id: 1,
      from_name: SCHOOL.name,
      reply_to: 'office@greenfield.example.org',
      subject: 'Summer fair on Saturday',
      html: newsletterHtml(postHtml, viewUrl, SITE),
      text: `View in your browser: ${viewUrl}\n\n${plainText(absoluteAddresses(postHtml, SITE))}`,
    },
    recipient,
    unsubscribe,
    LIST,
  );
  const frame = { header: `<p><strong>${SCHOOL.name}</strong></p>`, footer: '<p>1 School Lane, Greenfield</p>' };
  const built = await renderEmail(builderNewsletter(), frame);
  const builder = recipientMail(
    {
      domain_id: 1,
      from_name: SCHOOL.name,
      reply_to: 'office@greenfield.example.org',
      subject: 'Greenfield Weekly: summer fair',
      html: withTitle(absoluteAddresses(built.html, SITE), 'Greenfield Weekly: summer fair'),
      text: absoluteTextLinks(built.text, SITE),
    },
    recipient,
    unsubscribe,
    LIST,
  );
  const pdf = Buffer.from('%PDF-1.4\n% bench\n');
  const now = Math.floor(Date.now() / 1000);
  return [
    ['simple newsletter (file linked)', simple],
    ['builder newsletter', builder],
    ['invitation', invitationMail({ domain_id: 1, email: 'sam.teacher@greenfield.example.org', name: 'Sam Teacher' }, SCHOOL.name, 'Pat Admin', `${PORTAL}/welcome/${'t'.repeat(43)}`)],
    ['password reset', resetMail({ domain_id: 1, email: 'sam.teacher@greenfield.example.org', name: 'Sam Teacher', school_name: SCHOOL.name }, SCHOOL.name, `${PORTAL}/reset-password/${'t'.repeat(43)}`)],
    ['sign-up confirmation', signupMail({ domain_id: 1, email: recipient.email }, SCHOOL.name, `${SITE}/sites/${SCHOOL.label}/newsletter/confirm/${'t'.repeat(43)}`)],
    ['PDF by mail', pdfMail({ domainId: 1, label: SCHOOL.label, email: 'pat.admin@greenfield.example.org', html: '', origins: [PORTAL] }, SCHOOL.name, pdf)],
    [
      'request outcome',
      requestMail(
        { id: 1, domain_id: 1, kind: 'add', student_id: null, payload: { first_name: 'Mia', last_name: 'Ngata' }, source: 'portal', status: 'approved', reason: null, user_id: 1, requester_email: 'pat.admin@greenfield.example.org', requester_name: 'Pat Admin', created_at: now, decided_at: now } as unknown as Parameters<typeof requestMail>[0],
        SCHOOL.name,
      ),
    ],
    [
      'ticket reply',
      replyMail(
        { id: 1, domain_id: 1, number: 1042, subject: 'Newsletter images', department: 'Support', priority: { name: 'Normal', colour: '#888888' }, status: { name: 'Answered' }, user_id: 1, author_email: 'pat.admin@greenfield.example.org', author_name: 'Pat Admin', portal_origin: PORTAL, created_at: now } as unknown as Parameters<typeof replyMail>[0],
        { id: 2, ticket_id: 1, domain_id: 1, author: 'provider', author_name: 'Provider Support', body: 'Thanks, the images now load in the newsletter. Let us know if anything else looks wrong.', created_at: now, attachments: [] } as unknown as Parameters<typeof replyMail>[1],
        'School Web Services',
      ),
    ],
  ];
}

/** The message as the relay hands it to the receiving server: DKIM-signed, with its Received and Return-Path. */
async function raw(mail: OutgoingMail): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', dkim: DKIM });
  const info = await composer.sendMail(composeOptions(await asDocument(mail), FROM, BOUNCE_DOMAIN));
  const message = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
  const received = [
    `Return-Path: <${info.envelope.from || FROM}>`,
    `Received: from relay.portal.example.org (relay.portal.example.org [54.240.8.25]) by mx.parents.example.org with ESMTPS id 4bench; ${new Date().toUTCString().replace('GMT', '+0000')}`,
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${received}\r\n`), message]);
}

/** SpamAssassin's score and rules hit (local tests only), from its X-Spam-Status header. */
function spamScore(message: Buffer): { score: number; hits: string } {
  const run = spawnSync('spamassassin', ['-L', '-t'], { input: message, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0 && !run.stdout) throw new Error(`spamassassin failed: ${run.stderr}`);
  const status = /^X-Spam-Status: [\s\S]*?(?=\r?\n\S)/m.exec(run.stdout)?.[0].replace(/\s+/g, ' ') ?? '';
  const score = Number(/score=(-?[\d.]+)/.exec(status)?.[1] ?? NaN);
  const hits = /tests=([^ ]*(?: [^ =]+(?= |$))*)/.exec(status)?.[1] ?? '';
  return { score, hits: hits.replace(/\s+/g, '') || 'none' };
}

export function spamAssassinAvailable(): boolean {
  return spawnSync('spamassassin', ['--version'], { encoding: 'utf8' }).status === 0;
}

export async function benchMail(): Promise<MailScore[]> {
  const scores: MailScore[] = [];
  for (const [kind, mail] of await messages()) {
    const message = await raw(mail);
    const verified = await dkimVerify(message, { resolver, sender: FROM });
    scores.push({ kind, ...spamScore(message), dkim: verified.results.map((r) => r.status.result).join(',') || 'none' });
  }
  return scores;
}
