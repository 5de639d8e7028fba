import { expect, test } from './support/test';
import {
  helpdeskFrame,
  expectSizedToContent,
  screenshotFile,
  signInAt,
  startHelpdeskPortal,
  submitTicket,
  ticketRow,
  ticketsTable,
  type HelpdeskPortal,
} from './support/helpdesk';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';

/**
 * Support's tickets end to end, on a portal of their own whose mail goes to a real SMTP server:
 * a ticket written in the New Support Ticket frame (with a screenshot) is listed first in My
 * Tickets; its row opens its frame in a dialog (click, or Enter; Escape closes it and focus
 * returns to the row); the provider replies with the operator command; the author gets the email
 * and sees the reply in the dialog, replies, closes the ticket.
 */
let portal: HelpdeskPortal;

test.describe('support tickets', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test.beforeAll(async () => {
    portal = await startHelpdeskPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test.beforeEach(async ({ page }) => {
    await signInAt(page, portal.base, portal.user);
  });

  test('a ticket with an attachment, written in the frame, is listed first and opens in its dialog', async ({ page }) => {
    test.setTimeout(60_000);
    const subject = `Printer will not print ${Date.now()}`;
    await page.goto(`${portal.base}/support/new`);
    const frame = helpdeskFrame(page);
    await expect(frame.getByRole('heading', { name: 'New support ticket' })).toBeAttached();
    await expectSizedToContent(page, '#helpdesk-frame');

    // The form says what is missing first, in the frame.
    await frame.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(frame.getByRole('alert')).toHaveText('Please enter a subject.');
    await expect(frame.getByLabel('Subject')).toBeFocused();

    await submitTicket(frame, {
      subject,
      department: 'Technical',
      priority: 'High',
      message: 'The office printer shows error 42.\nIt started today.',
      file: await screenshotFile(),
    });
    await expect(page).toHaveURL(`${portal.base}/support/tickets`);
    const created = toast(page, 'Success! Ticket #');
    await expect(created).toBeVisible();
    const number = /#(\d{6})/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(number).toMatch(/^\d{6}$/);

    // First row: the new ticket, its badges coloured from the data.
    const first = ticketsTable(page).locator('tbody tr').first();
    await expect(first.locator('td[data-label="#"]')).toHaveText(number);
    await expect(first.getByRole('button', { name: subject })).toBeVisible();
    await expect(first.locator('td[data-label="Department"]')).toHaveText('Technical');
    await expect(first.locator('td[data-label="Priority"] .badge')).toHaveText('High');
    await expect(first.locator('td[data-label="Priority"] .badge')).toHaveCSS('background-color', 'rgb(247, 103, 7)');
    await expect(first.locator('td[data-label="Status"] .badge')).toHaveText('Open');
    await waitForHydration(page);

    // A click on the row opens the ticket's frame in a large dialog.
    await first.locator('td[data-label="Department"]').click();
    const dialog = page.getByRole('dialog', { name: `Ticket #${number}: ${subject}` });
    await expect(dialog).toBeVisible();
    const thread = dialog.frameLocator('iframe');
    await expect(thread.getByText('The office printer shows error 42.')).toBeVisible();
    const attachment = thread.getByRole('link', { name: 'screenshot.png' });
    await expect(attachment).toBeVisible();
    const download = await page.request.get(new URL((await attachment.getAttribute('href')) ?? '', portal.base).href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');
    expect(download.headers()['cache-control']).toBe('private, no-store');
    expect(await seriousViolations(page)).toEqual([]);

    // Escape closes it; focus goes back to the row.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const rowButton = first.getByRole('button', { name: subject });
    await expect(rowButton).toBeFocused();
    await expect(page).toHaveURL(`${portal.base}/support/tickets`);

    // Enter on the row opens it again; Escape pressed inside the frame closes it too.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${portal.base}/support/tickets?ticket=${number}`);
    await thread.getByLabel('Your reply').focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rowButton).toBeFocused();
  });

  test('the provider replies with the operator command: the author is emailed and reads it in the dialog, then replies and closes the ticket', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const subject = `Newsletter images missing ${Date.now()}`;
    await page.goto(`${portal.base}/support/new`);
    // The page's frame host listens once it sizes the frame: a ticket sent before would announce itself to no one.
    await expectSizedToContent(page, '#helpdesk-frame');
    await submitTicket(helpdeskFrame(page), { subject, department: 'Training', priority: 'Low', message: 'Images do not show in the newsletter.' });
    await expect(page).toHaveURL(`${portal.base}/support/tickets`);
    const row = ticketRow(page, subject);
    const number = (await row.locator('td[data-label="#"]').textContent())?.trim() ?? '';

    const mailsBefore = portal.sink.received.length;
    const output = portal.cli([
      'tickets',
      'reply',
      number,
      '--message',
      'Please re-upload the images.\nThey were too large.',
      '--from',
      'Sam from Example Provider',
    ]);
    expect(output).toContain(`Replied to ticket #${number}`);
    const [mail] = (await portal.sink.waitFor(mailsBefore + 1, 20_000)).slice(mailsBefore);
    expect(mail!.envelopeTo).toEqual([portal.user.email]);
    expect(mail!.parsed.subject).toBe(`Re: [Ticket #${number}] ${subject}`);
    expect(mail!.parsed.text).toContain('Please re-upload the images.\nThey were too large.');
    const link = /(http:\/\/\S+\/support\/tickets\?ticket=\d+)/.exec(mail!.parsed.text ?? '')?.[1] ?? '';
    expect(link).toBe(`${portal.base}/support/tickets?ticket=${number}`);

    // The email's link opens My Tickets with the ticket's dialog: the reply is there, the status Answered.
    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: `Ticket #${number}: ${subject}` });
    await expect(dialog).toBeVisible();
    const thread = dialog.frameLocator('iframe');
    await expect(thread.getByText('Sam from Example Provider')).toBeVisible();
    await expect(thread.getByText('They were too large.')).toBeVisible();
    await expect(thread.locator('.ticket-facts .badge', { hasText: 'Answered' })).toBeVisible();
    await expect(row.locator('td[data-label="Status"] .badge')).toHaveText('Answered');

    // The author replies in the frame: the thread grows, the list says the ticket waits for the provider.
    await thread.getByLabel('Your reply').fill('Done, thank you!');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await expect(thread.locator('.ticket-message').last()).toContainText('Done, thank you!');
    await expect(thread.getByRole('status')).toHaveText('Your reply has been added to the ticket.');
    await expect(row.locator('td[data-label="Status"] .badge')).toHaveText('Awaiting reply');
    expect(portal.cli(['tickets', 'show', number])).toContain('Done, thank you!');

    await thread.getByRole('button', { name: 'Close ticket' }).click();
    await expect(thread.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
    await expect(row.locator('td[data-label="Status"] .badge')).toHaveText('Closed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${portal.base}/support/tickets`);
  });

  test('My Tickets shows ten a page; a ticket number the school does not have shows nothing', async ({ page }) => {
    // Eleven tickets through the API, so there is a second page whatever the other tests made.
    const tag = `Page test ${Date.now()}`;
    await page.goto(`${portal.base}/support/tickets`);
    for (let i = 1; i <= 11; i++) {
      const res = await page.request.post(`${portal.base}/api/support/tickets/new`, {
        multipart: { subject: `${tag} ${i}`, department: '1', priority: '1', message: 'From the paging test.' },
        headers: { 'X-Portal-Client': '1' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto(`${portal.base}/support/tickets`);
    await expect(ticketsTable(page).locator('tbody tr')).toHaveCount(10);
    await expect(ticketsTable(page).locator('tbody tr').first().getByRole('button')).toHaveText(`${tag} 11`);
    await expect(page.getByRole('status').filter({ hasText: /^Showing 1–10 of \d+ tickets\.$/ })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Ticket pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(`${portal.base}/support/tickets?page=2`);
    await expect(ticketsTable(page).locator('tbody tr').first().getByRole('button')).not.toHaveText(`${tag} 11`);

    // A page past the end shows the last one.
    await page.goto(`${portal.base}/support/tickets?page=99`);
    await expect(page).toHaveURL(/\/support\/tickets\?page=\d+$/);
    expect(Number(new URL(page.url()).searchParams.get('page'))).toBeLessThan(99);

    // The helpdesk's pages may be framed by the portal's own pages only.
    const res = await page.request.get(`${portal.base}/helpdesk/new`);
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN');

    // A number this school has no ticket of: the frame says so, nothing else.
    await page.goto(`${portal.base}/helpdesk/tickets/999999999`);
    await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
  });
});

test.describe('support frames on an external helpdesk (PORTAL_HELPDESK_URL)', () => {
  let external: HelpdeskPortal;
  test.use({ storageState: { cookies: [], origins: [] } });

  test.beforeAll(async () => {
    external = await startHelpdeskPortal({ PORTAL_HELPDESK_URL: 'https://help.example.org/desk' });
  });
  test.afterAll(async () => {
    await external?.stop();
  });

  test('the three frames show its pages, and only those pages’ origin may be framed besides the portal', async ({ page }) => {
    await signInAt(page, external.base, external.user);
    const policy = (header: string | undefined) => (header ?? '').split('; ').find((d) => d.startsWith('frame-src ')) ?? '';
    for (const [path, frame] of [
      ['/support/new', 'https://help.example.org/desk/new'],
      ['/support/knowledgebase', 'https://help.example.org/desk/knowledgebase'],
    ] as const) {
      const res = await page.request.get(`${external.base}${path}`);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(`src="${frame}"`);
      expect(policy(res.headers()['content-security-policy'])).toMatch(/^frame-src 'self' .* https:\/\/help\.example\.org$/);
    }
    const tickets = await page.request.get(`${external.base}/support/tickets`);
    expect(await tickets.text()).toContain('https://help.example.org/desk/tickets/{number}');
    expect(policy(tickets.headers()['content-security-policy'])).toContain('https://help.example.org');
    // Other pages frame nothing new.
    const home = await page.request.get(`${external.base}/home`);
    expect(policy(home.headers()['content-security-policy'])).not.toContain('help.example.org');
  });
});
