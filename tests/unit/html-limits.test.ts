import fs from 'node:fs';
import path from 'node:path';
import sanitizeHtml from 'sanitize-html';
import { XMLParser } from 'fast-xml-parser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkHtmlLimits,
  HTML_LIMIT_MESSAGES,
  MAX_HTML_DEPTH,
  MAX_HTML_ELEMENTS,
  MAX_HTML_LENGTH,
} from '../../src/platform/html/html-limits';
import { measureHtml } from '../../src/platform/html/html-shape';
import { sanitizeRichText } from '../../src/platform/html/html';
import { sanitizeContent } from '../../src/modules/website/server/embedded/content/sanitize';
import { parsing } from '../factories/parsing';
import { WORST_AT_THE_LIMITS } from '../factories/html-at-limits';

// What the check and the sanitisers parse is counted, not timed (the figures: `npm run bench -- --sections limits`).
vi.mock('htmlparser2', async (original) => (await import('../factories/parsing')).countingHtmlparser2(original));
vi.mock('sanitize-html', async (original) => (await import('../factories/parsing')).countingSanitizeHtml(original));

beforeEach(() => parsing.reset());

/** htmlparser2's void elements: opened and closed at once, never on its stack. */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/**
 * What sanitize-html's own parser reaches, seen through its hooks: the most elements open at
 * once and the start tags. `allowedTags: []` makes sanitize-html re-parse iframe text as HTML
 * (as the changelog's sanitiser does); `false` allows every tag (as the content sanitiser allows iframes).
 */
function parserShape(html: string, allowedTags: false | string[]): { depth: number; elements: number } {
  let open = 0;
  let depth = 0;
  let elements = 0;
  sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (name) => {
      open += 1;
      elements += 1;
      if (!VOID.has(name)) depth = Math.max(depth, open);
    },
    onCloseTag: () => {
      open -= 1;
    },
  });
  return { depth, elements };
}

/** A seeded generator (mulberry32): the random markup is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces of markup that hit the parser's corners: raw text, comments, SVG/MathML, odd end tags. */
const PIECES = [
  '<div>', '</div>', '<p>', '</p>', '<b>', '</b>', '<li>', '<ul>', '</ul>', '<table>', '<tr>', '<td>', '<tbody>', '<thead>',
  '<dd>', '<dt>', '<h1>', '<h2>', '</h1>', '<rt>', '<option>', '<select>', '<input>', '<hr>', '<img>', '<br>', '</br>',
  '<form>', '</form>', '<a', '</a>', '<span', '<DIV>', '</DIV>', '<x-y>', '</x-y>', '<div/>', '/>',
  '<svg>', '</svg>', '<Svg>', '<math>', '</math>', '<mi>', '</mi>', '<desc>', '</desc>', '<annotation-xml>',
  '<foreignObject>', '</foreignobject>', '<clipPath>', '</clippath>', '<g>', '</g>', '<path/>', '<image>', '</image>',
  '<script>', '</script>', '<scrIpt>', '</SCRIPT>', '<style>', '</style>', '<title>', '</title>', '<textarea>', '</textarea>',
  '<xmp>', '</xmp>', '<iframe>', '</iframe>', '<plaintext>', '<noscript>', '</noscript>',
  '<!--', '-->', '--!>', '<!-->', '<![CDATA[', ']]>', '<!doctype html>', '<?x', '</', '\u001c\u000f',
  '>', '<', '/', '"', "'", '=', ' ', '\n', '\t', 'a', 'script', 'iframe', ' title="', ' x=', '&amp;', '&',
];

function randomMarkup(next: () => number, pieces: number): string {
  let html = '';
  for (let i = 0; i < pieces; i += 1) html += PIECES[Math.floor(next() * PIECES.length)];
  return html;
}

function fixtureContents(): string[] {
  const xml = fs.readFileSync(path.resolve('fixtures/wordpress/themeunittestdata.wordpress.xml'), 'utf8');
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' });
  const doc = parser.parse(xml) as { rss: { channel: { item: Array<Record<string, unknown>> } } };
  return doc.rss.channel.item.map((item) => String(item['content:encoded'] ?? ''));
}

describe('measureHtml', () => {
  it.each([
    ['nested elements', '<div><p><b>x</b></p></div>', 3],
    ['unclosed elements (the attack)', '<div>'.repeat(500), 500],
    ['end tags closing down to their element', '<div><b><i>x</div><div>', 3],
    ['void elements, which never nest', '<p>' + '<br><img src="a.png"><hr><input><meta><link><col><source><track><wbr><area><base><embed><param>'.repeat(50), 1],
    ['self-closing syntax in HTML, which nests like a start tag', '<div/>'.repeat(20), 20],
    ['self-closing syntax in SVG, which closes (each path is open for a moment)', `<svg>${'<path d="M0 0"/>'.repeat(20)}</svg>`, 2],
    ['implied closes: paragraphs and list items without end tags', '<p>a<p>b<p>c<ul><li>1<li>2<li>3</ul>', 2],
    ['comments', '<!-- <div><div><div> --><p>x</p>', 1],
    ['comments ended by --!> and empty comments', '<!-- <div> --!><!--><!---><p>x</p>', 1],
    ['attribute values holding >', '<div title="a>b" data-x=\'<div><div>\'><div>', 2],
    ['raw text of script, style and textarea', '<script>"<div><div><div>"</script><style>a>b{}</style><textarea><div><div></textarea><p>x', 1],
    ['raw text ended only by its own end tag', '<script>x</scripty><div></script><div>', 1],
    ['an end tag reached with \\x1c\\x0f, as htmlparser2 reads it', '<script>\u001c\u000fscript><div>', 1],
    ['CDATA and bogus comments', '<![CDATA[<div><div>]]><!doctype html><?php <div> ?></ <div>><p>x', 1],
    ['a second <form> inside a form, which is ignored', '<form><form><form><p>x', 2],
  ])('counts %s', (_name, html, depth) => {
    expect(measureHtml(html).depth).toBe(depth);
    expect(measureHtml(html).depth).toBe(parserShape(html, false).depth);
  });

  it('counts start tags, void ones included', () => {
    expect(measureHtml('<p>a<br>b</p><img src="x"><!-- <i> -->').elements).toBe(3);
  });

  it('counts what sanitize-html re-parses inside a disallowed iframe', () => {
    const html = `<iframe>${'<div>'.repeat(30)}</iframe>`;
    expect(parserShape(html, []).depth).toBe(31);
    expect(measureHtml(html).depth).toBeGreaterThanOrEqual(31);
  });

  it('equals the parser’s depth on every item of the WordPress fixture', () => {
    const contents = fixtureContents();
    expect(contents.length).toBeGreaterThan(70);
    for (const html of contents) {
      expect(measureHtml(html)).toEqual(parserShape(html, false));
    }
  });

  it('never counts less depth or fewer elements than the parser, on random markup', () => {
    const next = random(20_250_615);
    for (let i = 0; i < 3000; i += 1) {
      const html = randomMarkup(next, 5 + Math.floor(next() * 150));
      const measured = measureHtml(html);
      const allowed = parserShape(html, false);
      const reparsed = parserShape(html, []);
      const context = `for ${JSON.stringify(html)}`;
      expect(measured.depth, context).toBeGreaterThanOrEqual(Math.max(allowed.depth, reparsed.depth));
      expect(measured.elements, context).toBeGreaterThanOrEqual(allowed.elements);
    }
  });

  it('stops as soon as a bound is passed', () => {
    expect(measureHtml('<div>'.repeat(100_000), { depth: 10, elements: 1000 })).toEqual({ depth: 11, elements: 11 });
    expect(measureHtml('<br>'.repeat(100_000), { depth: 10, elements: 1000 }).elements).toBe(1001);
  });
});

describe('checkHtmlLimits', () => {
  it('accepts content right at each limit', () => {
    expect(checkHtmlLimits('<div>'.repeat(MAX_HTML_DEPTH))).toEqual({ ok: true });
    expect(checkHtmlLimits('<br>'.repeat(MAX_HTML_ELEMENTS))).toEqual({ ok: true });
    expect(checkHtmlLimits('x'.repeat(MAX_HTML_LENGTH))).toEqual({ ok: true });
    expect(checkHtmlLimits('')).toEqual({ ok: true });
  });

  it('refuses content just beyond each limit, with a message saying what to do', () => {
    expect(checkHtmlLimits('<div>'.repeat(MAX_HTML_DEPTH + 1))).toEqual({ ok: false, reason: 'depth', message: HTML_LIMIT_MESSAGES.depth });
    expect(checkHtmlLimits('<br>'.repeat(MAX_HTML_ELEMENTS + 1))).toEqual({ ok: false, reason: 'elements', message: HTML_LIMIT_MESSAGES.elements });
    expect(checkHtmlLimits('x'.repeat(MAX_HTML_LENGTH + 1))).toEqual({ ok: false, reason: 'length', message: HTML_LIMIT_MESSAGES.length });
    expect(HTML_LIMIT_MESSAGES.depth).toBe('The content is nested too deeply (more than 256 levels). Please simplify its formatting.');
    expect(HTML_LIMIT_MESSAGES.length).toContain('250,000 characters');
    expect(HTML_LIMIT_MESSAGES.elements).toContain('10,000');
  });

  it('refuses 300,000 nested <div>s unparsed, and as many <b>s as fit the size after parsing 257 of them', () => {
    const divs = '<div>'.repeat(300_000);
    const bolds = '<b>'.repeat(Math.floor(MAX_HTML_LENGTH / 3));
    expect(checkHtmlLimits(divs)).toMatchObject({ ok: false, reason: 'length' });
    expect(parsing.parses).toEqual([]);
    expect(checkHtmlLimits(bolds)).toMatchObject({ ok: false, reason: 'depth' });
    expect(parsing.parses).toEqual([MAX_HTML_DEPTH + 1]);
    // The sanitisers refuse them the same way, before their parser sees anything.
    parsing.reset();
    expect(() => sanitizeContent(divs)).toThrow(expect.objectContaining({ name: 'Refusal', status: 413, code: 'too_large', message: HTML_LIMIT_MESSAGES.length }));
    expect(() => sanitizeContent(bolds)).toThrow(HTML_LIMIT_MESSAGES.depth);
    expect(() => sanitizeRichText(bolds.slice(0, 3000))).toThrow(HTML_LIMIT_MESSAGES.depth);
    expect(parsing.parses).toEqual([MAX_HTML_DEPTH + 1, MAX_HTML_DEPTH + 1]);
    expect(parsing.sanitized).toEqual([]);
  });

  it('scans content at the size limit in one pass, each start tag once', () => {
    const flat = '<p class="x">A paragraph of text, <em>some</em> of it emphasised.</p>'.repeat(4000).slice(0, MAX_HTML_LENGTH);
    expect(checkHtmlLimits(flat).ok).toBe(true);
    expect(parsing.parses).toEqual([flat.match(/<[a-z]/g)?.length]);
  });
});

describe('sanitising at the limits', () => {
  // The sanitiser's cost grows with the elements its parser opens and how deep they sit: held to the
  // limits, these documents are the worst a save can cost (45-100 ms on the 2-core machine, within a
  // save's 200 ms budget: the bench's 'limits' section measures them).
  it.each(Object.entries(WORST_AT_THE_LIMITS))('sanitises %s with its parser held to the limits', (_name, html) => {
    expect(checkHtmlLimits(html)).toEqual({ ok: true });
    parsing.reset();
    expect(typeof sanitizeContent(html)).toBe('string');
    expect(parsing.sanitized).toHaveLength(1);
    const [run] = parsing.sanitized;
    expect(run?.elements).toBeLessThanOrEqual(MAX_HTML_ELEMENTS);
    // +1: a void element opens (and closes at once) on top of the deepest element.
    expect(run?.depth).toBeLessThanOrEqual(MAX_HTML_DEPTH + 1);
    // The linear check ran first, and parsed the document once.
    expect(parsing.parses).toHaveLength(1);
  });
});
