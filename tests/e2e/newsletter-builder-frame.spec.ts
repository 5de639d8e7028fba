import { expect, test } from './support/test';
import { PASSWORD, runCli } from './support/env';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';
import type { Browser, Page } from '@playwright/test';

/**
 * The school's header and footer built with the builder's own blocks (issue 29 §3): a new school
 * starts with blocks (a place for its logo, its name); staff change the header's text and colour
 * in place, save (Cancel asks before throwing a change away), and see it on the canvas and in the email’s preview, at desktop size and on a
 * phone. Each test has a school of its own: the demo school's frame frames other specs' emails.
 */

const BUILDER = '/newsletter/send/builder';

async function signInToNewSchool(browser: Browser, name: string, size: { width: number; height: number }): Promise<Page> {
  const label = `frame-blocks-${size.width}-${Date.now().toString(36)}.school`;
  runCli(['create-school', label, '--name', name, '--products', 'newsletter,builder']);
  runCli(['add-user', label, '--email', `head@${label}`, '--name', 'Head Teacher', '--password', PASSWORD]);
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(`head@${label}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  await page.goto(BUILDER);
  await waitForHydration(page);
  return page;
}

for (const size of [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the header built with blocks: text and colour changed, saved, shown in the preview (${size.width} px)`, async ({ browser }) => {
    const page = await signInToNewSchool(browser, 'Kowhai School', size);
    await expect(page.locator('.nb-frame').first()).toContainText('Kowhai School');

    await page.getByRole('button', { name: 'Header and footer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Header and footer' });
    await expect(dialog.getByRole('radio', { name: 'Blocks' })).toBeChecked();
    const header = dialog.locator('[data-list="header"]');
    // The starter header: a place for the logo, and the school's name.
    await expect(header.locator(':scope > .nb-item > .nb-block')).toHaveCount(2);
    await expect(header.getByText('No image yet')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Upload image' })).toBeVisible();
    const title = header.locator('.nb-text').first();
    await expect(title.getByRole('heading', { level: 1 })).toHaveText('Kowhai School');

    // The name becomes the newsletter's title, on a warm background.
    // Near its foot: the block's hover toolbar sits over the top of a one-line text.
    const box = await title.boundingBox();
    await title.click({ position: { x: 12, y: (box?.height ?? 20) - 4 } });
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Kowhai Weekly');
    const style = dialog.getByRole('tabpanel', { name: 'Style' });
    await expect(style.getByRole('heading', { name: 'Text block' })).toBeVisible();
    await style.getByLabel('Background').fill('#fff4d6');
    await expect(header.locator('.nb-block[data-type="text"] .nb-block-box')).toHaveCSS('background-color', 'rgb(255, 244, 214)');
    expect(await seriousViolations(page)).toEqual([]);

    // Cancel asks before it throws the change away; Keep editing keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Discard unsaved changes?');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(title.getByRole('heading', { level: 1 })).toHaveText('Kowhai Weekly');

    await dialog.getByRole('button', { name: 'Save header and footer' }).click();
    await expect(toast(page, 'Header and footer saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.nb-frame').first()).toContainText('Kowhai Weekly');

    // The email is framed by it: the preview shows the new title, the footer still the school's name.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Email preview"]');
    // The first render of a server's life loads MJML: allow it the time on a busy machine.
    await expect(preview.getByRole('heading', { name: 'Kowhai Weekly' })).toBeVisible({ timeout: 20_000 });
    await expect(preview.getByText('Kowhai School')).toBeVisible();
    await expect(preview.getByText('Image', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Kept after a reload, still as blocks.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Header and footer' }).click();
    await expect(dialog.getByRole('radio', { name: 'Blocks' })).toBeChecked();
    const heading = dialog.locator('[data-list="header"] .nb-text').first().getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Kowhai Weekly');
    // Unchanged, Cancel just closes; a change Escape would drop is asked about, and Discard drops it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Header and footer' }).click();
    await dialog.getByRole('tabpanel', { name: 'Add blocks' }).getByRole('button', { name: /^Divider/ }).click();
    await expect(dialog.locator('[data-list="header"]').locator(':scope > .nb-item > .nb-block')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('alert')).toHaveText('Discard unsaved changes?');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Header and footer' }).click();
    await expect(dialog.locator('[data-list="header"]').locator(':scope > .nb-item > .nb-block')).toHaveCount(2);
    await page.context().close();
  });
}
