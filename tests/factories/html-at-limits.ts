/**
 * HTML at and beyond the limits of src/platform/html/html-limits.ts: the tests prove the work on
 * them bounded by counting it, and `npm run bench -- --sections limits` times the same documents.
 */
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_HTML_LENGTH } from '../../src/platform/html/html-limits';

/**
 * A post right under every limit at once: 256 levels deep (254 <div>s, then <p><a>), 9,998
 * elements, and just under the size limit (links, text and a long last paragraph).
 */
export function contentAtTheLimits(): string {
  const divs = MAX_HTML_DEPTH - 2;
  const paragraphs = Math.floor((MAX_HTML_ELEMENTS - divs) / 2) - 1;
  const paragraph = '<p>News <a href="/sites/s/a">more</a> here.</p>';
  const open = '<div>'.repeat(divs);
  const close = '</div>'.repeat(divs);
  const body = paragraph.repeat(paragraphs - 1);
  const lastOpen = '<p>The last paragraph, <a href="/uploads/demo.school/a.pdf">with a link</a> ';
  const filler = 'words '.repeat(Math.floor((MAX_HTML_LENGTH - 10 - open.length - close.length - body.length - lastOpen.length - 4) / 6));
  return `${open}${body}${lastOpen}${filler}</p>${close}`;
}

/** Saves the API must refuse at once, and the tags its check parses before it stops (none: refused by the size unparsed). */
export const HTML_ATTACKS: ReadonlyArray<readonly [name: string, content: string, tagsParsed: number[]]> = [
  ['300,000 nested <div>s', '<div>'.repeat(300_000), []],
  ['200,000 nested <b>s', '<b>'.repeat(200_000), []],
  ['nested <b>s within the size limit', '<b>'.repeat(Math.floor(MAX_HTML_LENGTH / 3)), [MAX_HTML_DEPTH + 1]],
  ['too many elements within the size limit', '<br>'.repeat(MAX_HTML_ELEMENTS + 1), [MAX_HTML_ELEMENTS + 1]],
];

const fill = (unit: string, count: number, before = '', after = '') =>
  before + unit.repeat(Math.min(count, Math.floor((MAX_HTML_LENGTH - before.length - after.length) / unit.length))) + after;
const deep = MAX_HTML_DEPTH - 1;

/** Documents within every limit that cost the sanitiser most, per kind of markup (see html-limits.ts). */
export const WORST_AT_THE_LIMITS: Readonly<Record<string, string>> = {
  'dense srcset lists': fill(`<img srcset="${'/a 1x,'.repeat(200)}">`, MAX_HTML_ELEMENTS),
  'images with srcsets': fill('<img src="/a.jpg" srcset="/a-300.jpg 300w, /a-600.jpg 600w, /a-900.jpg 900w" alt="">', MAX_HTML_ELEMENTS),
  entities: fill('&amp;&copy;&#169;&lt; ', MAX_HTML_LENGTH),
  'links with dot-segments': fill('<a href="../x">y</a>', MAX_HTML_ELEMENTS),
  'elements under 255 levels': fill('<span>x</span>', MAX_HTML_ELEMENTS - deep, '<div>'.repeat(deep), '</div>'.repeat(deep)),
  'end tags under 255 levels': fill('</i>', MAX_HTML_LENGTH, '<div>'.repeat(deep)),
};

/** Website content with 1,000 iframes from a host not allowed: dropped whole, after a long paragraph. */
export const DISALLOWED_IFRAMES = {
  html: `<p>${'text '.repeat(40_000)}</p>${'<iframe src="https://evil.example/x"></iframe>'.repeat(1000)}`,
  sanitized: `<p>${'text '.repeat(40_000)}</p>`,
};

/** 60,000 nested <div>s around one word, and 250,000 characters of words in one paragraph. */
export const DEEP_TEXT = `${'<div>'.repeat(60_000)}Hello${'</div>'.repeat(60_000)}`;
export const LONG_TEXT = `<p>${'word '.repeat(50_000)}</p>`;
