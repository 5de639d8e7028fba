import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuilt, pagePath } from '../../src/components/shell/built-pages';
import { QUICK_LINKS } from '../../src/lib/menu';
import { MODULE_MENUS } from '../../src/server/shell-modules';

/** Menus link to a screen only when its page file exists (issue 9: 'Coming soon' instead of a 404). */
describe('built pages', () => {
  it('maps page files to their addresses, leaving dynamic routes out', () => {
    expect(pagePath('../../pages/website/posts.astro')).toBe('/website/posts');
    expect(pagePath('../../pages/website/posts/edit.astro')).toBe('/website/posts/edit');
    expect(pagePath('../../pages/index.astro')).toBe('/');
    expect(pagePath('../../pages/newsletter/send/builder/index.astro')).toBe('/newsletter/send/builder');
    expect(pagePath('../../pages/sites/[school]/index.astro')).toBeNull();
  });

  it('knows exactly the screens whose page file exists, whatever the query', () => {
    const links = [...QUICK_LINKS, ...MODULE_MENUS.flatMap((group) => group.items)].map((item) => item.href);
    for (const href of links) {
      const file = [`${href}.astro`, `${href}/index.astro`].some((name) => fs.existsSync(path.join('src/pages', name)));
      expect(isBuilt(href), href).toBe(file);
    }
    expect(isBuilt('/website/posts?page=2')).toBe(true);
    expect(isBuilt('/newsletter/not-a-page')).toBe(false);
    expect(isBuilt('/a', new Set(['/a']))).toBe(true);
  });
});
