/**
 * The build's Tabler cut (src/styles/tabler-purge.mjs), without a build: it touches Tabler's
 * stylesheet and nothing else, keeps what scripts and the theme add at run time, and keeps every
 * custom property. tests/e2e/css-coverage.spec.ts proves the result on the built pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { TABLER_CSS, purgeTablerPostcss } from '../../src/styles/tabler-purge.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function run(css: string, from: string): Promise<string> {
  return (await postcss([purgeTablerPostcss(ROOT)]).process(css, { from })).css;
}

/** The custom properties declared by rules that apply to `selector` itself (`:root`, the dark scheme). */
function propertiesOf(css: string, selector: string): Set<string> {
  const names = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    if (rule.selectors.some((one) => one.trim() === selector)) rule.walkDecls(/^--/, (decl) => void names.add(decl.prop));
  });
  return names;
}

describe('the Tabler cut', () => {
  it('leaves every other stylesheet as it is', async () => {
    const file = path.join(ROOT, 'src/styles/shell.css');
    const css = fs.readFileSync(file, 'utf8');
    expect(await run(css, file)).toBe(css);
    // Not even Tabler's own rules when they come from another file (a component's <style>).
    const unused = '.carousel-indicators{display:flex}.navbar-vertical{width:15rem}';
    expect(await run(unused, `${path.join(ROOT, 'src/ui/Icon.astro')}?astro&type=style&index=0&lang.css`)).toBe(unused);
  });

  it('cuts Tabler to what the sources use, keeping state classes, the dark theme, keyframes and every custom property', async () => {
    const full = fs.readFileSync(TABLER_CSS, 'utf8');
    const cut = await run(full, TABLER_CSS);
    expect(cut.length).toBeLessThan(200_000);
    expect(cut.length).toBeLessThan(full.length / 3);

    // Used by our sources.
    for (const selector of ['.btn-primary', '.card-body', '.form-check-input', '.page-link', '.table-vcenter', '.modal-content']) {
      expect(cut.includes(selector), selector).toBe(true);
    }
    // Added at run time (the gallery menu's .show, an invalid title, the dark scheme on <html>), and
    // the spinner's keyframes, named through a custom property PurgeCSS does not follow.
    for (const pattern of [/\.dropdown-menu\.show\b/, /\.form-control\.is-invalid\b/, /\[data-bs-theme=dark\]/, /@keyframes spinner-border\b/]) {
      expect(pattern.test(cut), String(pattern)).toBe(true);
    }
    // Components the portal never renders.
    for (const selector of ['.carousel-indicators', '.offcanvas-header', '.navbar-vertical', '.accordion-button']) {
      expect(cut.includes(selector), selector).toBe(false);
    }
    for (const selector of [':root', '[data-bs-theme=dark]']) {
      const kept = propertiesOf(cut, selector);
      expect(kept.size, selector).toBeGreaterThan(selector === ':root' ? 400 : 10);
      expect([...propertiesOf(full, selector)].filter((name) => !kept.has(name)), selector).toEqual([]);
    }
  });
});
