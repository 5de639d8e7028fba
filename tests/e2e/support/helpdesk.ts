/**
 * Helpers of the Support specs: a portal of its own (its own data folder and school, mail to a
 * real SMTP sink) for the ticket flow, the helpdesk frames, and the tickets table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { PASSWORD, runCli, type TestUser } from './env';
import { freePort, startServer, type RunningServer } from './server';
import { startSmtpSink, type SmtpSink } from '../../factories/smtp-sink';

export interface HelpdeskPortal {
  base: string;
  dir: string;
  user: TestUser;
  sink: SmtpSink;
  server: RunningServer;
  /** The operator command on this portal's data folder. */
  cli(args: string[]): string;
  stop(): Promise<void>;
}

/**
 * A portal with one school and one user (no demo seed: the school exists before the first
 * start), its mail going to a real SMTP server, and optionally other settings.
 */
export async function startHelpdeskPortal(env: Record<string, string> = {}): Promise<HelpdeskPortal> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-helpdesk-'));
  const user: TestUser = { school: 'helpdesk.school', email: 'office@helpdesk.school', name: 'Olive Office' };
  runCli(['create-school', user.school, '--name', 'Helpdesk School', '--products', 'website', '--create'], dir);
  runCli(['add-user', user.school, '--email', user.email, '--name', user.name, '--password', PASSWORD], dir);
  const sink = await startSmtpSink();
  const port = await freePort();
  let server: RunningServer;
  try {
    server = await startServer({
      dir,
      port,
      env: { MAIL_URL: sink.url, PORTAL_MAIL_FROM: 'help@portal.example.org', PORTAL_PROVIDER_NAME: 'Example Provider', ...env },
    });
  } catch (err) {
    await sink.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    user,
    sink,
    server,
    cli: (args) => runCli(args, dir),
    async stop() {
      await server.stop();
      await sink.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signInAt(page: Page, base: string, user: TestUser): Promise<void> {
  const res = await page.request.post(`${base}/api/login`, { data: { email: user.email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A small PNG (a screenshot) written to a temporary file. */
export async function screenshotFile(name = 'screenshot.png'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-shot-'));
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d63939' } })
      .png()
      .toBuffer(),
  );
  return file;
}

export function helpdeskFrame(page: Page): FrameLocator {
  return page.frameLocator('#helpdesk-frame');
}

export function ticketsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'My tickets' });
}

/** The row of the tickets table whose subject is `subject`. */
export function ticketRow(page: Page, subject: string): Locator {
  return ticketsTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: subject, exact: true }) });
}

/** Fills and sends the new-ticket form in its frame. */
export async function submitTicket(
  frame: FrameLocator,
  ticket: { subject: string; department: string; priority: string; message: string; file?: string },
): Promise<void> {
  await frame.getByLabel('Subject').fill(ticket.subject);
  await frame.getByLabel('Department').selectOption({ label: ticket.department });
  await frame.getByLabel('Priority').selectOption({ label: ticket.priority });
  await frame.getByLabel('Message').fill(ticket.message);
  if (ticket.file) await frame.getByLabel('Attachment').setInputFiles(ticket.file);
  await frame.getByRole('button', { name: 'Submit ticket' }).click();
}

/**
 * Whether a frame is sized to its page: the frame's document fits it without scrolling, and the
 * frame is not much taller than its content, or than its least height (the rest of the screen,
 * so that its sizing never shifts the page in view).
 */
export async function expectSizedToContent(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const frame = page.locator(selector);
        const [height, least] = await frame.evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).minHeight) || 0]);
        const content = await frame.evaluate((el) => {
          const doc = (el as HTMLIFrameElement).contentDocument;
          const main = doc?.getElementById('helpdesk');
          return main ? Math.ceil(main.getBoundingClientRect().bottom) : -1;
        });
        return content > 0 && height >= content - 2 && height <= Math.max(content, least) + 2;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
