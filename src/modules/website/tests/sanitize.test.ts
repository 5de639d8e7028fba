import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it, vi } from 'vitest';
import { htmlToText, isAllowedIframeSrc, isDangerousStyle, sanitizeContent, titleToText } from '../server/embedded/content/sanitize';
import { autopIfClassic } from '../server/embedded/site/autop';
import { parseWxr } from '../server/embedded/import/wxr';
import { pointsIntoPortal } from '../server/embedded/content/portal-addresses';
import { parsing } from '../../../../tests/factories/parsing';
import { DEEP_TEXT, DISALLOWED_IFRAMES, LONG_TEXT } from '../../../../tests/factories/html-at-limits';

// What the sanitiser parses is counted, not timed (the figures: `npm run bench -- --sections limits`).
vi.mock('sanitize-html', async (original) => (await import('../../../../tests/factories/parsing')).countingSanitizeHtml(original));

const xml = fs.readFileSync(path.resolve('fixtures/wordpress/themeunittestdata.wordpress.xml'), 'utf8');

/** Every post and page of the fixture: raw content:encoded, as WordPress stores it. */
function fixtureItems(): Array<{ name: string; content: string }> {
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' });
  const doc = parser.parse(xml) as { rss: { channel: { item: Array<Record<string, unknown>> } } };
  return doc.rss.channel.item
    .filter((item) => ['post', 'page'].includes(String(item['wp:post_type']).trim()))
    .map((item) => ({ name: `${String(item['wp:post_type']).trim()} ${String(item['wp:post_id'])}`, content: String(item['content:encoded'] ?? '') }));
}

const items = fixtureItems();

describe('sanitizeContent on the WordPress fixture', () => {
  it('covers every post and page of the file', () => {
    expect(items).toHaveLength(79);
  });

  it.each(items.map((i) => [i.name, i.content] as const))('is idempotent for %s (raw and paragraphed)', (_name, content) => {
    const once = sanitizeContent(content);
    expect(sanitizeContent(once)).toBe(once);
    const stored = sanitizeContent(autopIfClassic(content));
    expect(sanitizeContent(stored)).toBe(stored);
  });

  it('leaves the imported (stored) content of every item unchanged', () => {
    for (const item of parseWxr(xml, 0).items) expect(sanitizeContent(item.content)).toBe(item.content);
  });

  it('keeps the fixture’s tables, styles, images and shortcodes, and lets nothing that runs through', () => {
    const all = items.map((i) => sanitizeContent(i.content)).join('\n');
    expect(all).not.toMatch(/<script|<style|\son[a-z]+=|javascript:/i);
    expect(all).toContain('<table');
    expect(all).toMatch(/<img [^>]*src="https:\/\//);
    expect(all).toMatch(/style="[^"]+"/);
    expect(all).toContain('[gallery');
  });

  it('strips what runs from every item even when an attacker adds it', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>';
    for (const item of items) {
      const out = sanitizeContent(`${item.content}${payload}`);
      expect(out).not.toMatch(/<script|onerror|javascript:|evil\.example/i);
      expect(sanitizeContent(out)).toBe(out);
    }
  });
});

describe('sanitizeContent rules', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['<img src="x.png" onerror="alert(1)" alt="">', '<img src="x.png" alt="" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">', '<img alt="d" />'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<svg onload="alert(1)"><circle /></svg><p>x</p>', '<p>x</p>'],
    ['<form action="/steal"><input name="q"></form>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<p style="behavior: url(x.htc)">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example/embed"></iframe><p>after</p>', '<p>after</p>'],
    ['<iframe src="javascript:alert(1)"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<iframe src="https://www.google.com.evil.example/maps"></iframe>', ''],
    ['<iframe src="https://google.com/search?q=x"></iframe>', ''],
    ['<p>a<!-- comment --></p>', '<p>a</p>'],
  ])('%s -> %s', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
    expect(sanitizeContent(sanitizeContent(input))).toBe(output);
  });

  it('keeps clean HTML exactly as written', () => {
    const clean = [
      '<h2 id="top" class="title">Heading</h2>',
      '<p style="text-align: center; color: #333;">Centred <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <del>d</del> <ins>i</ins> <mark>m</mark> <sup>1</sup><sub>2</sub></p>',
      '<p align="right" title="t"><span style="font-size: 18px;">Big</span> <font color="#ff0000" face="Arial" size="4">old</font></p>',
      '[gallery_slider id="12"] [caption id="x" align="alignnone" width="300"]text[/caption] [contact-form-7 id="1"]',
      '<table class="grid" style="width: 100%;"><caption>Fees</caption><colgroup><col span="2" /></colgroup><thead><tr><th colspan="2" scope="col">A</th></tr></thead><tbody><tr><td rowspan="2" style="border: 1px solid #000;">1</td><td>2</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
      '<figure class="wp-block-image"><img src="/uploads/demo.school/a.jpg" alt="A photo" width="300" height="200" class="Responsive" /><figcaption>Caption</figcaption></figure>',
      '<blockquote cite="https://example.org"><p>Quote</p></blockquote><pre><code>let x = 1;\n  y</code></pre><hr /><br />',
      '<ul><li>One</li></ul><ol start="3"><li>Three</li></ol><dl><dt>T</dt><dd>D</dd></dl>',
      '<p><abbr title="HyperText">HTML</abbr> <cite>Cite</cite> <q>q</q> <code>c</code></p><address>1 Road</address>',
      '<a href="https://example.org/x?a=1&amp;b=2" target="_blank" rel="noopener">link</a> <a href="mailto:office@school.example">mail</a> <a href="/sites/demo.school/about">rel</a> <a href="#top">anchor</a>',
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc" frameborder="0" allow="autoplay; encrypted-media" allowfullscreen></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>',
      '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><iframe src="https://google.com/maps/embed?pb=1"></iframe><iframe src="https://docs.google.com/document/d/1/pub?embedded=true"></iframe>',
      '<div class="wp-block-group" style="padding-top:var(--wp--preset--spacing--20)"><p>x</p></div>',
    ];
    for (const html of clean) expect(sanitizeContent(html)).toBe(html);
  });

  it('normalises entities only', () => {
    expect(sanitizeContent('<p>Fish &amp; chips &lt;3 &copy; &#169;</p>')).toBe('<p>Fish &amp; chips &lt;3 © ©</p>');
    expect(sanitizeContent('<p>a < b & c > d</p>')).toBe('<p>a &lt; b &amp; c &gt; d</p>');
  });
});

describe('sanitiser helpers', () => {
  it('allows iframes from the listed hosts only', () => {
    expect(isAllowedIframeSrc('https://www.youtube.com/embed/x')).toBe(true);
    expect(isAllowedIframeSrc('//player.vimeo.com/video/1')).toBe(true);
    expect(isAllowedIframeSrc('https://google.com/maps/embed')).toBe(true);
    expect(isAllowedIframeSrc('https://google.com/mapsx')).toBe(false);
    expect(isAllowedIframeSrc('https://user:pw@www.youtube.com/embed/x')).toBe(false);
    expect(isAllowedIframeSrc('ftp://www.youtube.com/embed/x')).toBe(false);
    expect(isAllowedIframeSrc('/relative')).toBe(false);
  });

  it('spots dangerous CSS through comments and escapes', () => {
    expect(isDangerousStyle('color: red; margin: 0 auto')).toBe(false);
    expect(isDangerousStyle('background: url(https://example.org/a.png)')).toBe(false);
    expect(isDangerousStyle('background: url("/uploads/a.png")')).toBe(false);
    expect(isDangerousStyle('width: exp/**/ression(alert(1))')).toBe(true);
    expect(isDangerousStyle('background: url(java\\73 cript:alert(1))')).toBe(true);
    expect(isDangerousStyle("background: url('data:image/svg+xml,<svg>')")).toBe(true);
    expect(isDangerousStyle('-moz-binding: url(x.xml#xss)')).toBe(true);
  });

  it('turns HTML into text for excerpts and titles', () => {
    expect(htmlToText('<p>One</p><p>Two &amp; <b>three</b></p><script>x</script>')).toBe('One Two & three');
    expect(titleToText('Markup: Title <em>With</em> <b>Mark<sup>up</sup></b> &amp; more')).toBe('Markup: Title With Markup & more');
    expect(titleToText('a < b > c')).toBe('a < b > c');
  });
});

describe('addresses into the portal (its API and login)', () => {
  it.each([
    '/api/logout',
    '/api',
    '/API/logout',
    '/%61pi/logout',
    '/%2561pi/logout',
    '/api%2flogout',
    '\\api\\logout',
    '/./api/logout',
    '/%2e/api/logout',
    '/sites/../api/logout',
    '/sites/%2e%2e/api/logout',
    '../api/logout',
    '../../../api/user',
    ' /api/logout',
    '/ap\ti/logout',
    'https:/api/logout',
    '/login',
    '/login?next=%2Fhome',
    '/Login#top',
    '/login/',
  ])('%j points into the portal', (address) => {
    expect(pointsIntoPortal(address)).toBe(true);
  });

  it.each([
    'api/logout', // relative: /sites/<school>/api/logout
    'login',
    '/apis/x',
    '/loginx',
    '/sites/demo.school/api/logout',
    '/uploads/demo.school/a.jpg',
    'photo.jpg',
    '#api',
    '?login',
    'https://example.org/api/logout',
    '//example.org/api/logout',
    'mailto:office@school.example',
    'tel:+441234',
  ])('%j does not', (address) => {
    expect(pointsIntoPortal(address)).toBe(false);
  });

  it.each([
    ['<img src="/api/logout" alt="x">', '<img alt="x" />'],
    ['<img src="/%61pi/logout">', '<img />'],
    ['<img src="\\api\\logout">', '<img />'],
    ['<a href="/login">Staff login</a>', '<a>Staff login</a>'],
    ['<a href="/sites/../api/user/delete">x</a>', '<a>x</a>'],
    ['<a href="api/logout">relative</a>', '<a href="api/logout">relative</a>'],
    ['<img srcset="/a.jpg 1x, /api/logout 2x" src="/a.jpg">', '<img src="/a.jpg" />'],
    ['<picture><source srcset="/API/logout"><img src="/a.jpg"></picture>', '<picture><source /><img src="/a.jpg" /></picture>'],
    ['<video poster="/api/logout" src="/v.mp4"></video>', '<video src="/v.mp4"></video>'],
    ['<audio src="/./api/logout" controls></audio>', '<audio controls></audio>'],
    ['<blockquote cite="/api/x"><p>q</p></blockquote>', '<blockquote><p>q</p></blockquote>'],
    ['<p style="background: url(/api/logout)">x</p>', '<p>x</p>'],
    ["<p style=\"background: url('\\2f api/logout')\">x</p>", '<p>x</p>'],
  ])('%s -> %s (and again unchanged)', (input, output) => {
    expect(sanitizeContent(input)).toBe(output);
    expect(sanitizeContent(output)).toBe(output);
  });
});

describe('sanitising many things at once', () => {
  it('drops disallowed iframes, fallback text included, in one parse that never cuts its output back', () => {
    expect(sanitizeContent('<iframe src="https://evil.example">fallback <b>x</b></iframe><p>after</p>')).toBe('<p>after</p>');
    parsing.reset();
    expect(sanitizeContent(DISALLOWED_IFRAMES.html)).toBe(DISALLOWED_IFRAMES.sanitized);
    // Cutting the output back once per iframe (sanitize-html's exclusiveFilter) took seconds for this.
    expect(parsing.sanitized.map(({ elements, depth, filterCalls }) => ({ elements, depth, filterCalls }))).toEqual([{ elements: 1001, depth: 1, filterCalls: 0 }]);
  });
});

describe('text of HTML', () => {
  /** The text functions as they were, parsing with sanitize-html: the linear ones must read the same. */
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '');
  const parsedText = (html: string) => decode(sanitizeHtml(html.replace(/</g, ' <'), { allowedTags: [], allowedAttributes: {} })).replace(/\s+/g, ' ').trim();
  const parsedTitle = (html: string) => decode(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })).replace(/\s+/g, ' ').trim();

  it('reads every fixture item and title as a parser does', () => {
    const titles = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'item' })
      .parse(xml) as { rss: { channel: { item: Array<{ title?: unknown }> } } };
    for (const item of items) expect(htmlToText(item.content)).toBe(parsedText(item.content));
    for (const item of titles.rss.channel.item) expect(titleToText(String(item.title ?? ''))).toBe(parsedTitle(String(item.title ?? '')));
  });

  it('drops non-text elements and comments, keeps stray < as text', () => {
    expect(htmlToText('<style>p{}</style><p title="a>b">One</p><!-- c --><textarea>no</textarea> 1 < 2')).toBe('One 1 < 2');
    expect(titleToText('A<b>B</b> &lt;C&gt; &copy;')).toBe('AB <C> ©');
  });

  it('costs the same whatever the nesting, and reads only the start when asked', () => {
    parsing.reset();
    expect(htmlToText(DEEP_TEXT)).toBe('Hello');
    // Its one parse is of text alone (the tags became word breaks in a linear scan): the nesting costs it nothing.
    expect(parsing.sanitized.map((run) => run.elements)).toEqual([0]);
    parsing.reset();
    expect(htmlToText(LONG_TEXT, 100).split(' ').length).toBeLessThanOrEqual(21);
    expect(parsing.sanitized.map((run) => run.input.length)).toEqual([100]);
  });
});
