import { JSDOM } from 'jsdom';
import mjml2html from 'mjml';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  buildSchema,
  COLUMN_IN_COLUMN,
  defaultSettings,
  type AttachmentBlock,
  type Block,
  type BlockSettings,
  type Build,
  type CellBlock,
  type ColumnsBlock,
  type DividerBlock,
  type ImageBlock,
  type SpacerBlock,
  type TextBlock,
} from '../builder-contract';
import { renderEmail } from '../server/embedded/builder/render';
import { buildMjml } from '../server/embedded/builder/render/mjml';

/**
 * The builder's email render (issue 11 §3 and §5): every block type and setting shows in the HTML
 * where a mail client reads it, user input cannot inject markup, the three lists and column
 * cells keep their order, and the document is HTML a parser accepts without an error.
 */

type Overrides = Partial<Omit<BlockSettings, 'padding'>> & { padding?: Partial<BlockSettings['padding']> };
function settings(type: Block['type'], overrides: Overrides = {}): BlockSettings {
  const base = defaultSettings(type);
  return { ...base, ...overrides, padding: { ...base.padding, ...overrides.padding } };
}
const text = (id: string, html: string, s: Overrides = {}): TextBlock => ({ id, type: 'text', data: { html }, settings: settings('text', s) });
const image = (id: string, data: Partial<ImageBlock['data']>, s: Overrides = {}): ImageBlock => ({
  id,
  type: 'image',
  data: { url: 'https://cdn.example.org/photo.jpg', alt: 'Sports day', href: '', ...data },
  settings: settings('image', s),
});
const divider = (id: string, s: Overrides = {}): DividerBlock => ({ id, type: 'divider', data: {}, settings: settings('divider', s) });
const spacer = (id: string, s: Overrides = {}): SpacerBlock => ({ id, type: 'spacer', data: {}, settings: settings('spacer', s) });
const attachment = (id: string, url: string, label: string, s: Overrides = {}): AttachmentBlock => ({ id, type: 'attachment', data: { url, text: label }, settings: settings('attachment', s) });
const columns = (id: string, left: CellBlock[], right: CellBlock[], s: Overrides = {}): ColumnsBlock => ({ id, type: 'columns', data: { elements: [left, right] }, settings: settings('columns', s) });

const FRAME = { header: '<h1>Hillside Primary</h1>', footer: '<p>1 School Lane, Hillside</p>' };

async function render(body: Block[], options: { header?: Block[]; footer?: Block[]; frame?: { header: string; footer: string }; preheader?: string } = {}) {
  const build: Build = [options.header ?? [], body, options.footer ?? []];
  const email = await renderEmail(build, options.frame ?? FRAME, options.preheader === undefined ? {} : { preheader: options.preheader });
  const document = new JSDOM(email.html).window.document;
  return { ...email, document };
}

/** The one element matching, failing the test when there is none or more. */
function only<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelectorAll<E>(selector);
  expect(found, selector).toHaveLength(1);
  return found[0]!;
}

/** A block's box: the cell around the element that holds its content. */
function boxOf(element: Element): HTMLTableCellElement {
  const cell = element.closest('td');
  expect(cell).not.toBeNull();
  return cell as HTMLTableCellElement;
}

/** The cell whose padding is the block's margin (MJML's <mj-text> cell around the box table). */
function marginCellOf(box: HTMLTableCellElement): HTMLTableCellElement {
  const table = box.closest('table')!;
  return table.parentElement!.closest('td') as HTMLTableCellElement;
}

/** The email as a reader sees it: what follows the hidden preview text. */
function article(document: Document): HTMLElement {
  return only(document, 'body > div[role="article"]');
}

/** The element of the email whose own text is exactly `content`. */
function byText(document: Document, content: string): HTMLElement {
  const all = [...article(document).querySelectorAll<HTMLElement>('*')].filter((e) => e.textContent?.trim() === content && ![...e.children].some((c) => c.textContent?.trim() === content));
  expect(all, content).toHaveLength(1);
  return all[0]!;
}

/** Positions of the texts in the document's text, in the order given: they must increase. */
function expectInOrder(haystack: string, needles: string[]): void {
  const positions = needles.map((n) => haystack.indexOf(n));
  for (const [i, p] of positions.entries()) expect(p, `${needles[i]} is in the email`).toBeGreaterThanOrEqual(0);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

function parseErrors(html: string): string[] {
  const errors: string[] = [];
  parse(html, { onParseError: (error) => errors.push(`${error.code} at ${error.startLine}:${error.startCol}`) });
  return errors;
}

describe('the email document', () => {
  it('is a 600 px email: the school’s header, the header, body and footer lists in order, the school’s footer', async () => {
    const { document, html } = await render([text('b1', '<p>Body one</p>'), text('b2', '<p>Body two</p>')], {
      header: [text('h1', '<p>Header list</p>')],
      footer: [text('f1', '<p>Footer list</p>')],
    });
    expectInOrder(article(document).textContent ?? '', ['Hillside Primary', 'Header list', 'Body one', 'Body two', 'Footer list', '1 School Lane, Hillside']);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(document.documentElement.lang).toBe('en');
    // Every section is 600 px: a max-width for browsers, a fixed table for Outlook.
    const sections = document.querySelectorAll('body > div > div[style*="max-width:600px"]');
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('<table align="center" border="0" cellpadding="0" cellspacing="0" class="" role="presentation" style="width:600px;" width="600" >');
  });

  it('stacks columns under 480 px: the side-by-side widths are a min-width:480px media query', async () => {
    const { document } = await render([columns('c', [text('l', '<p>L</p>')], [text('r', '<p>R</p>')])]);
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    const wide = /@media only screen and \(min-width:480px\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
    expect(wide).toContain('.mj-column-per-50 { width:50% !important; max-width: 50%; }');
    // Below it the cells are blocks of the full width, one under the other.
    const cells = [...document.querySelectorAll<HTMLElement>('div.mj-column-per-50')];
    expect(cells.map((cell) => cell.style.width)).toEqual(['100%', '100%']);
  });

  it('has the preheader as hidden preview text, escaped, first and never white on white; without one, the first words of the blocks', async () => {
    const previewOf = (document: Document) => document.body.firstElementChild as HTMLElement;
    const given = await render([text('t', '<p>Welcome back</p>')], { preheader: 'Term dates & <news>' });
    const preview = previewOf(given.document);
    expect(preview.style.display).toBe('none');
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.textContent).toBe('Term dates & <news>');
    expect(given.document.querySelector('news')).toBeNull();
    // Spam filters score text coloured like its background as hidden (HTML_FONT_LOW_CONTRAST).
    expect(preview.style.color).toBe('');
    expect(given.html).not.toMatch(/color:#ffffff[^>]*>Term dates/);

    const derived = await render([text('t', '<h2>Welcome back</h2><p>The autumn term starts on Monday.</p>')]);
    expect(previewOf(derived.document).textContent).toBe('Welcome back The autumn term starts on Monday.');
  });

  it('is one accessible document: lang and dir on the article wrapper, layout tables presentational', async () => {
    const { document } = await render([text('t', '<p>Welcome back</p>')]);
    const wrapper = article(document);
    expect([wrapper.getAttribute('lang'), wrapper.getAttribute('dir'), wrapper.getAttribute('aria-roledescription')]).toEqual(['en', 'ltr', 'email']);
    const tables = [...document.querySelectorAll('table')];
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((t) => t.getAttribute('role') !== 'presentation')).toEqual([]);
  });

  it('counts its bytes as UTF-8 and has a plain-text alternative in the same order, links with their address', async () => {
    const email = await render([text('t', '<p>Café <a href="https://example.org/menu">menu</a></p>'), attachment('a', 'https://example.org/f/letter.pdf', 'Letter to parents')]);
    expect(email.bytes).toBe(Buffer.byteLength(email.html, 'utf8'));
    expect(email.bytes).toBeGreaterThan(email.html.length);
    expectInOrder(email.text, ['Hillside Primary', 'Café menu [https://example.org/menu]', 'Letter to parents [https://example.org/f/letter.pdf]', '1 School Lane, Hillside']);
    expect(email.text).not.toContain('<');
  });

  it('is valid HTML (no parse error) and valid MJML (no validation error) with every block type and setting', async () => {
    const body: Block[] = [
      text('t', '<h2 style="text-align:center">Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <a href="https://example.org">linked</a> text.</p><ul><li>One</li></ul><ol><li>Two</li></ol>', { border: 2, borderRadius: 8, backgroundColor: '#fff8e1', margin: 12 }),
      image('i1', { href: 'https://example.org' }, { width: 60, height: 180, imageFit: 'contain', borderRadius: 6 }),
      image('i2', { url: '' }, { height: 120 }),
      divider('d1', { width: 50, border: 3, borderColor: '#336699' }),
      divider('d2', { showDivider: 0 }),
      spacer('s', { height: 24, backgroundColor: '#eeeeee' }),
      attachment('a1', 'https://example.org/f/a.pdf', 'Newsletter (PDF)'),
      attachment('a2', '', 'Upload a file'),
      columns('c', [image('ci', {}, { height: 100 }), text('ct', '<p>Cell</p>')], [divider('cd'), spacer('cs'), attachment('ca', 'https://example.org/b.pdf', 'B')], {
        columnSize: '4,8',
        borderColumn: 1,
        borderCenter: 2,
        border: 1,
        borderRadius: 4,
        backgroundColor: '#f0f4f8',
        margin: 10,
        padding: { top: 5, right: 5, bottom: 5, left: 5 },
      }),
    ];
    const email = await render(body, { header: [text('h', '<p>Header</p>')], footer: [columns('fc', [], [])] });
    expect(parseErrors(email.html)).toEqual([]);
    const { mjml } = buildMjml([[], body, []], FRAME, undefined);
    const validated = await mjml2html(mjml, { validationLevel: 'soft' });
    expect(validated.errors.map((e) => e.formattedMessage)).toEqual([]);
  });

  it('loads nothing from elsewhere: no fonts, no stylesheets, no scripts', async () => {
    const { document, html } = await render([text('t', '<p>Hello</p>'), image('i', {})]);
    expect(document.querySelectorAll('link, script, iframe')).toHaveLength(0);
    expect(html).not.toMatch(/fonts\.googleapis|@import/);
  });
});

describe('block settings', () => {
  it('puts each side’s padding on the block’s box', async () => {
    const { document } = await render([text('t', '<p>Padded</p>', { padding: { top: 1, right: 2, bottom: 3, left: 4 } })]);
    expect(boxOf(byText(document, 'Padded')).style.padding).toBe('1px 2px 3px 4px');
  });

  it('makes the margin vertical space outside the box (top and bottom, not the sides)', async () => {
    const { document } = await render([text('a', '<p>Spaced</p>', { margin: 17 }), text('b', '<p>Tight</p>')]);
    expect(marginCellOf(boxOf(byText(document, 'Spaced'))).style.padding).toBe('17px 0px');
    expect(marginCellOf(boxOf(byText(document, 'Tight'))).style.padding).toBe('0px');
  });

  it('draws the border in its width and colour around the box, none at width 0 or without a colour', async () => {
    const { document } = await render([
      text('a', '<p>Bordered</p>', { border: 3, borderColor: '#ff0000' }),
      text('b', '<p>Plain</p>', { border: 0, borderColor: '#ff0000' }),
      text('c', '<p>No colour</p>', { border: 3, borderColor: '' }),
    ]);
    expect(boxOf(byText(document, 'Bordered')).getAttribute('style')).toContain('border:3px solid #ff0000');
    expect(boxOf(byText(document, 'Plain')).style.border).toBe('');
    expect(boxOf(byText(document, 'No colour')).style.border).toBe('');
  });

  it('rounds the box’s corners (separate borders, so they show) and paints its background, for Outlook too', async () => {
    const { document } = await render([text('a', '<p>Round</p>', { borderRadius: 12, backgroundColor: '#123abc' }), text('b', '<p>Square</p>')]);
    const round = boxOf(byText(document, 'Round'));
    expect(round.style.borderRadius).toBe('12px');
    expect(round.style.backgroundColor).toBe('rgb(18, 58, 188)');
    expect(round.getAttribute('bgcolor')).toBe('#123abc');
    expect(round.closest('table')!.style.borderCollapse).toBe('separate');
    const square = boxOf(byText(document, 'Square'));
    expect(square.style.borderRadius).toBe('');
    expect(square.hasAttribute('bgcolor')).toBe(false);
  });

  it('ignores a colour that is not #rrggbb instead of writing it into the HTML', async () => {
    const evil = '#fff" onmouseover="alert(1)';
    const crafted = text('t', '<p>Colours</p>', { border: 2 }) as TextBlock;
    crafted.settings.backgroundColor = evil;
    crafted.settings.borderColor = `red;background-image:url(https://tracker.example/x)`;
    const { document, html } = await render([crafted]);
    expect(html).not.toContain('onmouseover');
    expect(html).not.toContain('tracker.example');
    const box = boxOf(byText(document, 'Colours'));
    expect(box.hasAttribute('bgcolor')).toBe(false);
    expect(box.style.border).toBe('');
  });
});

describe('text blocks', () => {
  it('keeps the toolbar’s formatting: tags, colour, size, alignment and http, https and mailto links', async () => {
    const html =
      '<h2 style="text-align:center">Head</h2><p><strong>b</strong> <b>b2</b> <em>i</em> <i>i2</i> <u>u</u> <span style="color:#c0392b;font-size:18px">red</span></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><div>d<br>e</div><h1>H1</h1><h3>H3</h3>' +
      '<p><a href="https://example.org/a">a</a> <a href="http://example.org/b">b</a> <a href="mailto:office@example.org">c</a></p>';
    const { document } = await render([text('t', html)]);
    for (const tag of ['h1', 'h2', 'h3', 'p', 'strong', 'b', 'em', 'i', 'u', 'span', 'ul', 'ol', 'li', 'div', 'br', 'a']) expect(document.querySelector(`td ${tag}`), tag).not.toBeNull();
    expect(byText(document, 'Head').style.textAlign).toBe('center');
    const red = byText(document, 'red');
    expect(red.getAttribute('style')).toBe('color:#c0392b;font-size:18px');
    expect([...document.querySelectorAll('td a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a', 'http://example.org/b', 'mailto:office@example.org']);
  });

  it('drops scripts with their content, event handlers, javascript: links, classes and styles the toolbar does not make', async () => {
    const html =
      '<p onclick="steal()" class="x" id="y">Hi<script>alert("x")</script><style>p{color:red}</style></p>' +
      '<p><a href="javascript:alert(1)" onmouseover="x()">bad link</a> <a href="data:text/html,hi">data link</a> <a href="//evil.example/x">relative</a></p>' +
      '<p style="position:fixed;background-image:url(https://tracker.example/p.gif);color:#00ff00;font-size:999px;text-align:justify">styled</p>' +
      '<img src="https://tracker.example/p.gif"><iframe src="https://evil.example"></iframe><table><tr><td>cell text</td></tr></table><p>end</p>';
    const { document, html: out } = await render([text('t', html)]);
    expect(out).not.toMatch(/<script|alert|onclick|onmouseover|javascript:|tracker\.example|evil\.example|data:text|class="x"|id="y"/);
    expect(byText(document, 'Hi').tagName).toBe('P');
    for (const label of ['bad link', 'data link', 'relative']) expect(byText(document, label).hasAttribute('href')).toBe(false);
    expect(byText(document, 'styled').getAttribute('style')).toBe('color:#00ff00;text-align:justify');
    // A tag the toolbar does not make leaves its text.
    expect(article(document).textContent).toContain('cell text');
    expect(document.querySelector('td iframe')).toBeNull();
  });
});

describe('image blocks', () => {
  it('has width and alt attributes, the width its % of the box (550 px in a 600 px email with 25 px padding)', async () => {
    const { document } = await render([image('i', { alt: 'Our choir' }, { width: 50 }), image('j', { url: 'https://cdn.example.org/wide.jpg' })]);
    const half = only<HTMLImageElement>(document, 'img[src="https://cdn.example.org/photo.jpg"]');
    expect(half.getAttribute('alt')).toBe('Our choir');
    expect(half.getAttribute('width')).toBe('275');
    expect(half.style.maxWidth).toBe('275px');
    expect(half.style.width).toBe('100%');
    expect(half.style.height).toBe('auto');
    expect(half.hasAttribute('height')).toBe(false);
    expect(only<HTMLImageElement>(document, 'img[src="https://cdn.example.org/wide.jpg"]').getAttribute('width')).toBe('550');
    expect(boxOf(half).getAttribute('align')).toBe('center');
    const { document: plain } = await render([image('k', { alt: '' })]);
    expect(only(plain, 'img').getAttribute('alt')).toBe('');
  });

  it('takes a fixed height with its fit: object-fit cover or contain, and VML of the same size for Outlook', async () => {
    const { document, html } = await render([
      image('c', { url: 'https://cdn.example.org/cover.jpg' }, { height: 200, imageFit: 'cover' }),
      image('n', { url: 'https://cdn.example.org/contain.jpg' }, { height: 150, imageFit: 'contain' }),
    ]);
    const cover = only<HTMLImageElement>(document, 'img[src="https://cdn.example.org/cover.jpg"]');
    expect(cover.getAttribute('height')).toBe('200');
    expect(cover.style.height).toBe('200px');
    expect(cover.style.objectFit).toBe('cover');
    const contain = only<HTMLImageElement>(document, 'img[src="https://cdn.example.org/contain.jpg"]');
    expect(contain.style.objectFit).toBe('contain');
    expect(html).toContain('<!--[if mso]><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" alt="Sports day" style="width:550px;height:200px;"><v:fill type="frame" src="https://cdn.example.org/cover.jpg" aspect="atleast"');
    expect(html).toContain('style="width:550px;height:150px;"><v:fill type="frame" src="https://cdn.example.org/contain.jpg" aspect="atmost"');
  });

  it('links the image when it has an address, rounds it with the box', async () => {
    const { document } = await render([image('i', { href: 'https://example.org/gallery' }, { borderRadius: 10 })]);
    const img = only<HTMLImageElement>(document, 'img');
    expect(img.parentElement!.tagName).toBe('A');
    expect(img.parentElement!.getAttribute('href')).toBe('https://example.org/gallery');
    expect(img.style.borderRadius).toBe('10px');
  });

  it('shows a grey box saying Image when there is no picture yet, drawn in the email (no address to fetch)', async () => {
    const { document, html } = await render([image('i', { url: '', alt: 'To come' }, { width: 50, height: 90 })]);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    const placeholder = byText(document, 'Image');
    expect(placeholder.tagName).toBe('TD');
    expect(placeholder.getAttribute('height')).toBe('90');
    expect(placeholder.getAttribute('bgcolor')).toBe('#e9ecef');
    expect(placeholder.getAttribute('aria-label')).toBe('To come');
    expect(placeholder.closest('table')!.getAttribute('width')).toBe('275');
    expect(html).not.toMatch(/data:|src="/);
  });

  it('escapes alt text and refuses addresses that are not http(s) or site-relative', async () => {
    const alt = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { document, html } = await render([image('i', { alt, href: 'javascript:alert(3)' }), image('j', { url: 'javascript:alert(4)' })]);
    expect(html).not.toMatch(/<script|javascript:/);
    expect(document.querySelectorAll('script, img[src="x"], [onerror]')).toHaveLength(0);
    const img = only<HTMLImageElement>(document, 'img');
    expect(img.getAttribute('alt')).toBe(alt);
    expect(img.parentElement!.tagName).toBe('TD');
    expect(byText(document, 'Image').tagName).toBe('TD');
  });

  it('keeps a site-relative address for the sender to make absolute', async () => {
    const { document } = await render([image('i', { url: '/media/school/photo.jpg' })]);
    expect(only(document, 'img').getAttribute('src')).toBe('/media/school/photo.jpg');
  });
});

describe('divider, spacer and attachment blocks', () => {
  it('draws the divider’s line in its border width and colour, its width % wide, centred', async () => {
    const { document } = await render([divider('d', { border: 4, borderColor: '#336699', width: 50 })]);
    const line = only<HTMLTableCellElement>(document, 'td[style*="border-top"]');
    expect(line.getAttribute('style')).toContain('border-top:4px solid #336699');
    const table = line.closest('table')!;
    expect(table.getAttribute('width')).toBe('50%');
    expect(table.getAttribute('align')).toBe('center');
    // The border is the line, not a frame around the divider's box.
    expect(boxOf(table).style.border).toBe('');
  });

  it('hides the line with showDivider 0 and keeps its space', async () => {
    const { document } = await render([divider('d', { showDivider: 0, border: 4 })]);
    expect(document.querySelectorAll('td[style*="border-top"]')).toHaveLength(0);
    const space = only<HTMLDivElement>(document, 'td[align="center"] > div[style*="height:4px"]');
    expect(space.style.height).toBe('4px');
  });

  it('makes a spacer its height tall, in its background colour', async () => {
    const { document } = await render([spacer('s', { height: 64, backgroundColor: '#00ff00' })]);
    const space = only<HTMLDivElement>(document, 'div[style*="height:64px"]');
    expect(space.style.lineHeight).toBe('64px');
    expect(boxOf(space).getAttribute('bgcolor')).toBe('#00ff00');
  });

  it('makes an attachment a button-like link with its text (escaped), or the file’s name without one', async () => {
    const { document } = await render([attachment('a', 'https://example.org/f/menu.pdf', 'Lunch <b>menu</b>'), attachment('b', 'https://example.org/f/term%20dates.pdf', '  ')]);
    const links = [...document.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Lunch <b>menu</b>', 'https://example.org/f/menu.pdf'],
      ['term dates.pdf', 'https://example.org/f/term%20dates.pdf'],
    ]);
    expect(boxOf(links[0]!).getAttribute('bgcolor')).toBe('#1a5ba6');
  });

  it('leaves out an attachment with no file: no dead link in an inbox', async () => {
    const { document, text: plain } = await render([text('t', '<p>Before</p>'), attachment('a', '', 'Upload a file'), text('u', '<p>After</p>')]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(article(document).textContent).not.toContain('Upload a file');
    expect(plain).not.toContain('Upload a file');
  });
});

describe('columns blocks', () => {
  const split = async (columnSize: BlockSettings['columnSize']) => {
    const { document, html } = await render([columns('c', [text('l', '<p>Left cell</p>')], [text('r', '<p>Right cell</p>')], { columnSize })]);
    const cellOf = (label: string) => byText(document, label).closest('div[class*="mj-column-per"]')!;
    return { left: cellOf('Left cell').className, right: cellOf('Right cell').className, html };
  };

  it('splits 6,6 / 4,8 / 8,4 into 50/50, 33.33/66.67 and 66.67/33.33, for Outlook in pixels', async () => {
    const even = await split('6,6');
    expect([even.left, even.right].map((c) => c.split(' ')[0])).toEqual(['mj-column-per-50', 'mj-column-per-50']);
    expect(even.html).toMatch(/width:300px;" >[\s\S]*width:300px;" >/);
    const narrow = await split('4,8');
    expect([narrow.left, narrow.right].map((c) => c.split(' ')[0])).toEqual(['mj-column-per-33-33', 'mj-column-per-66-67']);
    expect(narrow.html).toMatch(/width:200px;" >[\s\S]*width:400px;" >/);
    const wide = await split('8,4');
    expect([wide.left, wide.right].map((c) => c.split(' ')[0])).toEqual(['mj-column-per-66-67', 'mj-column-per-33-33']);
    expect(wide.html).toMatch(/width:400px;" >[\s\S]*width:200px;" >/);
  });

  it('keeps each cell’s blocks in order, the cells in order, and sizes a cell’s image to its cell', async () => {
    const { document } = await render([
      text('before', '<p>Before</p>'),
      columns('c', [text('l1', '<p>L1</p>'), image('li', {}), text('l2', '<p>L2</p>')], [text('r1', '<p>R1</p>'), text('r2', '<p>R2</p>')], { columnSize: '4,8' }),
      text('after', '<p>After</p>'),
    ]);
    expectInOrder(article(document).textContent ?? '', ['Before', 'L1', 'L2', 'R1', 'R2', 'After']);
    // 200 px cell, 25 px padding each side.
    expect(only(document, 'img').getAttribute('width')).toBe('150');
  });

  it('frames each cell with borderColumn and draws borderCenter between them, across when they stack', async () => {
    const { document } = await render([columns('c', [text('l', '<p>Left</p>')], [text('r', '<p>Right</p>')], { borderColumn: 2, borderCenter: 5, borderColor: '#aa0000' })]);
    const cellTable = (label: string) => byText(document, label).closest('div[class*="mj-column-per"]')!.querySelector('table')!;
    expect(cellTable('Left').getAttribute('style')).toContain('border:2px solid #aa0000;');
    // MJML writes `border` first, so the rule overrides the cell's own left border.
    expect(cellTable('Right').getAttribute('style')).toContain('border:2px solid #aa0000;border-left:5px solid #aa0000;');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('@media only screen and (max-width:479px){.nl-rule-1>table{border-left:2px solid #aa0000 !important;border-top:5px solid #aa0000 !important;}}');
    expect(byText(document, 'Right').closest('div[class*="mj-column-per"]')!.classList.contains('nl-rule-1')).toBe(true);
  });

  it('draws no cell borders or rule at 0', async () => {
    const { document } = await render([columns('c', [text('l', '<p>Left</p>')], [text('r', '<p>Right</p>')])]);
    for (const label of ['Left', 'Right']) {
      const table = byText(document, label).closest('div[class*="mj-column-per"]')!.querySelector('table')!;
      expect(table.style.border + table.style.borderLeft).toBe('');
    }
  });

  it('puts the block’s padding, border, radius and background on its row, and its margin around it', async () => {
    const { document } = await render([
      columns('c', [text('l', '<p>Left</p>')], [text('r', '<p>Right</p>')], { padding: { top: 4, right: 6, bottom: 8, left: 10 }, border: 3, borderColor: '#00aa00', borderRadius: 9, backgroundColor: '#fafafa', margin: 14 }),
    ]);
    const row = byText(document, 'Left').closest('div[class*="mj-column-per"]')!.parentElement as HTMLTableCellElement;
    expect(row.tagName).toBe('TD');
    const declared = row.getAttribute('style')!;
    for (const part of ['padding-top:4px', 'padding-right:6px', 'padding-bottom:8px', 'padding-left:10px', 'border:3px solid #00aa00', 'border-radius:9px']) expect(declared).toContain(part);
    const section = row.closest('table')!;
    expect(section.style.backgroundColor).toBe('rgb(250, 250, 250)');
    const wrapper = section.parentElement!.parentElement!.closest('td')!;
    expect(wrapper.style.padding).toBe('14px 0px');
  });

  it('is refused inside a column by the contract, with the spec’s text', () => {
    const nested = [[], [{ id: 'c', type: 'columns', data: { elements: [[{ id: 'n', type: 'columns', data: { elements: [[], []] } }], []] } }], []];
    const result = buildSchema.safeParse(nested);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(COLUMN_IN_COLUMN);
  });
});

describe('the school’s header and footer', () => {
  it('keeps its images, tables and formatting but no script, handler, tracking style or data: image', async () => {
    const frame = {
      header:
        '<table role="presentation" width="100%"><tr><td align="center" style="padding:10px;background-image:url(https://tracker.example/bg.gif)"><img src="https://school.example.org/logo.png" alt="Hillside logo" width="120" height="60" onerror="alert(1)"></td></tr></table>' +
        '<script>alert(2)</script><img src="data:image/png;base64,AAAA" alt="inline"><a href="javascript:alert(3)">x</a>',
      footer: '<p style="color:#4a5665">1 School Lane</p><iframe src="https://evil.example"></iframe>',
    };
    const { document, html } = await render([text('t', '<p>Hi</p>')], { frame });
    const logo = only<HTMLImageElement>(document, 'img[alt="Hillside logo"]');
    expect(logo.getAttribute('src')).toBe('https://school.example.org/logo.png');
    expect(logo.getAttribute('width')).toBe('120');
    // Shrinks on a phone even where the client drops <style>.
    expect(logo.getAttribute('style')).toBe('max-width:100%;height:auto');
    expect(logo.closest('td')!.style.padding).toBe('10px');
    expect(html).not.toMatch(/<script|onerror|alert|tracker\.example|data:image|evil\.example|<iframe/);
    expect(byText(document, '1 School Lane').style.color).toBe('rgb(74, 86, 101)');
  });

  it('is left out when empty', async () => {
    const { document } = await render([text('t', '<p>Only</p>')], { frame: { header: '', footer: '  ' } });
    expect(document.querySelectorAll('.nl-frame')).toHaveLength(0);
    expect(article(document).textContent?.trim()).toBe('Only');
  });
});
