import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
// The bench's own build adds two trivial pages (scripts/bench/trivial-pages.mjs); the build the
// e2e suite serves is the production one, so this is where it is checked (it exists only now).
import { benchRoutesInDist, TRIVIAL_PAGES } from '../../scripts/bench/build.mjs';

test.use({ storageState: storageStatePath('admin') });

test('the production build has none of the bench’s trivial pages, in its files or as routes', async ({ page }) => {
  expect(benchRoutesInDist()).toEqual([]);
  for (const { pattern } of Object.values(TRIVIAL_PAGES)) {
    const res = await page.request.get(pattern);
    expect(res.status(), pattern).toBe(404);
  }
});
