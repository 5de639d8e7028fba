import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { expectSizedToContent, helpdeskFrame } from './support/helpdesk';
import { seriousViolations } from './support/website-lists';

/**
 * Support > Knowledgebase end to end: the helpdesk's articles in a frame sized to them, grouped
 * by category; a search finds the article whose title holds the words first; an article is its
 * Markdown made safe, its links to portal screens opening in the whole window.
 */
test.describe('support knowledgebase', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('lists the help by category, searches it (title matches first) and opens an article', async ({ page }) => {
    await page.goto('/support/knowledgebase');
    await expect(page.locator('iframe[title="Knowledgebase"]')).toBeVisible();
    const frame = helpdeskFrame(page);
    await expect(frame.getByRole('heading', { name: 'Getting started', level: 2 })).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Support', level: 2 })).toBeVisible();
    await expectSizedToContent(page, '#helpdesk-frame');
    expect(await seriousViolations(page)).toEqual([]);

    const search = frame.getByRole('searchbox', { name: 'Search the knowledgebase' });
    await search.fill('gallery photos');
    await search.press('Enter');
    await expect(frame.getByRole('heading', { name: /articles? found for “gallery photos”/ })).toBeVisible();
    const results = frame.getByRole('list', { name: /found for “gallery photos”/ }).getByRole('link');
    await expect(results.first()).toHaveText('Photo galleries');
    await expectSizedToContent(page, '#helpdesk-frame');

    await results.first().click();
    await expect(frame.getByRole('heading', { name: 'Photo galleries', level: 1 })).toBeVisible();
    await expect(frame.getByText('Only image files are accepted')).toBeVisible();
    await expect(page).toHaveURL(/\/support\/knowledgebase$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A link to a portal screen leaves the frame: the whole window goes there.
    await frame.getByRole('link', { name: 'All articles' }).click();
    await search.fill('sending a simple newsletter');
    await search.press('Enter');
    await frame.getByRole('link', { name: 'Sending a simple newsletter' }).click();
    await expect(frame.getByRole('heading', { name: 'Sending a simple newsletter', level: 1 })).toBeVisible();
    await frame.getByRole('link', { name: 'All articles' }).click();
    await search.fill('tutorials');
    await search.press('Enter');
    await frame.getByRole('link', { name: 'Guided tours of the portal' }).click();
    const toHelp = frame.getByRole('link', { name: '/support/help' });
    await expect(toHelp).toHaveAttribute('target', '_top');
    await toHelp.click();
    await expect(page).toHaveURL(/\/support\/help$/);
    await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
  });

  test('says when nothing is found and offers a ticket', async ({ page }) => {
    await page.goto('/support/knowledgebase');
    const search = helpdeskFrame(page).getByRole('searchbox', { name: 'Search the knowledgebase' });
    await search.fill('zorblatquenx');
    await search.press('Enter');
    await expect(helpdeskFrame(page).getByRole('heading', { name: 'No articles found for “zorblatquenx”.' })).toBeVisible();
    await expect(helpdeskFrame(page).getByRole('link', { name: 'ask us in a support ticket' })).toHaveAttribute('target', '_top');
  });
});

test.describe('support screens on a small phone', () => {
  test.use({ storageState: storageStatePath('admin'), viewport: { width: 360, height: 740 } });

  test('no support screen (nor its frame) scrolls sideways', async ({ page }) => {
    for (const path of ['/support/tickets', '/support/new', '/support/knowledgebase', '/support/help']) {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
      const frame = page.locator('#helpdesk-frame');
      if ((await frame.count()) > 0) {
        await expect(helpdeskFrame(page).locator('#helpdesk')).toBeVisible();
        const inside = await frame.evaluate((el) => {
          const doc = (el as HTMLIFrameElement).contentDocument!;
          return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
        });
        expect(inside, `${path}'s frame`).toBeLessThanOrEqual(0);
        await expectSizedToContent(page, '#helpdesk-frame');
      }
    }
  });
});
