import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandJobRuntime, runCommand, useCleanEnv } from '../factories/cli';
import { runDueJobs } from '../../src/platform/jobs';
import { mailTransportOf } from '../../src/platform/mail';
import { JOBS } from '../../src/app/modules';
import type { Runtime } from '../../src/platform/runtime';
import { knowledgebaseResponseSchema, newTicketResponseSchema, ticketResponseSchema, type Ticket } from '../../src/modules/support/helpdesk-contract';
import { SUPPORT_HELPDESK_ENDPOINTS } from '../../src/modules/support/helpdesk-calls';
import { bodyOf, createTestContext, get, makeTempDir, signIn, type TestContext } from '../factories';
import { CLIENT_ADDRESS } from '../factories/http';
import { startSmtpSink, type SmtpSink } from '../factories/smtp-sink';

/**
 * The provider's helpdesk commands through the real operator command (`npm run portal --
 * tickets ...`, `knowledgebase ...`) on the database a school's staff use: a ticket written
 * through the API is listed and shown; a reply (with a file) joins its thread, changes its status
 * and emails its author through a real SMTP server; a status is set by name; knowledgebase
 * articles are added from a Markdown file, listed and removed. Mistakes exit 2 and change nothing.
 */
const E = SUPPORT_HELPDESK_ENDPOINTS;
const ENV_NAMES = ['PORTAL_DATA_DIR', 'PORTAL_ADMIN_EMAIL', 'PORTAL_ADMIN_PASSWORD', 'PORTAL_PROVIDER_NAME', 'PORT', 'HOST'];
const quiet = { log: () => undefined };
const run = runCommand;
const LABEL = 'help.school';

let dataDir = '';
let ctx: TestContext;
let sink: SmtpSink;
let rt: Runtime;
let cookie = '';

useCleanEnv(ENV_NAMES);
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

beforeEach(async () => {
  dataDir = makeTempDir('portal-support-cli-');
  process.env.PORTAL_DATA_DIR = dataDir;
  process.env.PORTAL_PROVIDER_NAME = 'Example Provider';
  ctx = await createTestContext({ dataDir });
  rt = commandJobRuntime(ctx, sink.url, 'help@portal.example.org');
  expect((await run('create-school', LABEL, '--name', 'Help Primary', '--products', 'website')).code).toBe(0);
  expect((await run('add-user', LABEL, '--email', 'office@help.school', '--name', 'Office Manager', '--password', 'helpdesk-password')).code).toBe(0);
  cookie = await signIn(ctx.app, { email: 'office@help.school', password: 'helpdesk-password' });
});
afterEach(async () => {
  mailTransportOf(rt).close();
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newTicket(subject: string): Promise<Ticket> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ subject, department: '1', priority: '4', message: 'Our website shows an error.' })) form.append(key, value);
  const res = await ctx.app.request(E.newTicket.path, { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS });
  return newTicketResponseSchema.parse(await bodyOf(res)).ticket;
}

async function thread(number: number) {
  return ticketResponseSchema.parse(await bodyOf(await get(ctx.app, E.ticket.path.replace('{number}', String(number)), { cookie })));
}

describe('operator command: tickets', () => {
  it('lists the tickets waiting, shows one with its thread, replies with a file: the author is emailed and the status is Answered', async () => {
    sink.received.length = 0;
    const ticket = await newTicket('Website error 500');
    const waiting = await run('tickets', 'list');
    expect(waiting.code).toBe(0);
    expect(waiting.out).toMatch(
      new RegExp(`^#${ticket.number} .* Open .* Urgent .* ${LABEL.replace('.', '\\.')}  \\[Technical\\] Website error 500  \\(office@help\\.school\\)$`, 'm'),
    );
    expect((await run('tickets', 'list', '--school', LABEL)).out).toContain(`#${ticket.number}`);
    expect((await run('tickets', 'list', 'closed')).out).toBe('No closed tickets.');

    const shown = await run('tickets', 'show', String(ticket.number));
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Ticket #${ticket.number}: Website error 500`);
    expect(shown.out).toContain('From:       Office Manager <office@help.school>');
    expect(shown.out).toContain('Our website shows an error.');

    const shot = path.join(dataDir, 'fixed.png');
    fs.writeFileSync(
      shot,
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2fb344' } })
        .png()
        .toBuffer(),
    );
    const replied = await run('tickets', 'reply', String(ticket.number), '--message', 'Fixed: a plugin was out of date.', '--attach', shot);
    expect(replied.code, replied.err).toBe(0);
    expect(replied.out).toBe(`Replied to ticket #${ticket.number} (${LABEL}); it is now Answered. office@help.school will be emailed.`);

    const { ticket: now, messages } = await thread(ticket.number);
    expect(now.status.name).toBe('Answered');
    expect(messages.at(-1)).toMatchObject({
      author: 'provider',
      author_name: 'Example Provider',
      body: 'Fixed: a plugin was out of date.',
      attachments: [{ name: 'fixed.png', mime_type: 'image/png' }],
    });

    await runDueJobs(rt, JOBS, quiet);
    const mails = sink.received.filter((m) => m.envelopeTo.includes('office@help.school'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe(`Re: [Ticket #${ticket.number}] Website error 500`);
    expect(mails[0]!.parsed.text).toContain('Fixed: a plugin was out of date.');
    expect(mails[0]!.parsed.text).toContain('Attached in the portal: fixed.png.');
  });

  it('sets a status by its name or key, and a closed ticket leaves the waiting list', async () => {
    const ticket = await newTicket('Invoice question');
    const set = await run('tickets', 'status', String(ticket.number), 'Awaiting reply');
    expect(set.code).toBe(0);
    expect(set.out).toBe(`Ticket #${ticket.number} is now Awaiting reply.`);
    expect((await run('tickets', 'status', String(ticket.number), 'closed')).out).toBe(`Ticket #${ticket.number} is now Closed.`);
    expect((await thread(ticket.number)).ticket.closed).toBe(true);
    expect((await run('tickets', 'list')).out).toBe('No waiting tickets.');
    expect((await run('tickets', 'list', 'all')).out).toContain(`#${ticket.number}`);
  });

  it('refuses mistakes with exit 2 and changes nothing', async () => {
    const ticket = await newTicket('Printer');
    const cases: Array<[string[], RegExp]> = [
      [['tickets', 'reply', String(ticket.number)], /A reply needs its text/],
      [['tickets', 'reply', 'abc', '--message', 'Hi'], /A ticket is named by its number/],
      [['tickets', 'reply', '999999999', '--message', 'Hi'], /There is no ticket #999999999\./],
      [['tickets', 'status', String(ticket.number), 'Pending'], /The status is one of "Open", "Awaiting reply", "Answered", "Closed"/],
      [['tickets', 'show', String(ticket.number), '--message', 'x'], /--message goes with reply only/],
      [['tickets', 'list', '--school', 'nobody.school'], /No school has the label nobody\.school/],
      [['tickets', 'delete', String(ticket.number)], /Unknown action "delete"/],
      [['tickets', 'reply', String(ticket.number), '--message', 'Hi', '--attach', path.join(dataDir, 'missing.png')], /Cannot read/],
    ];
    for (const [args, message] of cases) {
      const result = await run(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
    const { ticket: after, messages } = await thread(ticket.number);
    expect(messages).toHaveLength(1);
    expect(after.status.name).toBe('Open');
  });
});

describe('operator command: knowledgebase', () => {
  it('adds an article from a Markdown file (searchable at once), lists it and removes it', async () => {
    const file = path.join(dataDir, 'term-dates.md');
    fs.writeFileSync(file, '## Where to find them\n\nOpen **Website > Manage Pages** and edit the *Term dates* page.\n');
    const added = await run('knowledgebase', 'add', '--title', 'Changing the term dates', '--category', 'Website', '--file', file);
    expect(added.code, added.err).toBe(0);
    expect(added.out).toBe('Added article changing-the-term-dates.');
    const search = knowledgebaseResponseSchema.parse(await bodyOf(await get(ctx.app, `${E.knowledgebase.path}?query=term%20dates`, { cookie })));
    expect(search.articles[0]).toMatchObject({ slug: 'changing-the-term-dates', title: 'Changing the term dates', category: 'Website' });

    expect((await run('knowledgebase', 'list')).out).toContain('changing-the-term-dates  [Website]  Changing the term dates');
    const twice = await run('knowledgebase', 'add', '--title', 'Changing the term dates', '--category', 'Website', '--body', 'Again');
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('An article with the slug changing-the-term-dates already exists.');
    expect((await run('knowledgebase', 'add', '--title', 'No text', '--category', 'Website')).err).toContain(
      'Give the article’s Markdown with --file PATH or --body TEXT',
    );

    expect((await run('knowledgebase', 'remove', 'changing-the-term-dates')).out).toBe('Removed article changing-the-term-dates.');
    expect((await run('knowledgebase', 'remove', 'changing-the-term-dates')).code).toBe(2);
  });
});
