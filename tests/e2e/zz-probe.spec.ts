import { test } from './support/test';
import { storageStatePath } from './support/env';

test.use({ storageState: storageStatePath('admin'), viewport: { width: 390, height: 844 } });
const PAGES = ['/home', '/website/posts', '/website/pages', '/website/galleries', '/website/managestaff', '/app/send', '/app/managestaff', '/newsletter/manage/list', '/newsletter/send/simple', '/newsletter/send/builder', '/newsletter/sent', '/hapara/studentlist', '/hapara/classlist', '/hapara/status', '/hapara/upload', '/hapara/leavers', '/account/users', '/account/activity', '/account/products', '/support/tickets', '/support/help', '/sites/demo.school'];
test('probe', async ({ page }) => {
  test.setTimeout(300_000);
  for (const url of PAGES) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const r = await page.evaluate(() => {
      const sideways = document.documentElement.scrollWidth - window.innerWidth;
      const clipped = [...document.querySelectorAll('td, th, button, a.btn, .page-link')]
        .filter((el) => (el as HTMLElement).offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName}:${(el.textContent ?? '').trim().slice(0, 30)}(${el.scrollWidth}>${el.clientWidth})`);
      return { sideways, clipped: clipped.slice(0, 6), n: clipped.length };
    });
    console.log(url, JSON.stringify(r));
    await page.screenshot({ path: `/tmp/shots/p${url.replace(/\//g, '_')}.png`, fullPage: false });
  }
});
