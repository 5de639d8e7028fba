import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type Build, type CellBlock, type FrameBlocks } from '../builder-contract';
import { renderEmail } from '../server/embedded/builder/render';
import { frameHtml } from '../server/embedded/builder/render/frame';
import { starterFrame } from '../server/embedded/builder/service';

/**
 * The school's header and footer built with blocks (issue 29 §3): in an email, rendered as a
 * build's blocks are (MJML, strictly validated), their text in the plain-text alternative but never
 * the inbox preview line; as the frame's HTML strings, each block's box and a columns block as a
 * two-cell table, sanitised. An image without a picture shows nowhere.
 */

const text = (id: string, html: string): CellBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });
const image = (id: string, url: string): CellBlock => ({ id, type: 'image', data: { url, alt: 'Logo', href: '' }, settings: defaultSettings('image') });

const BLOCKS: FrameBlocks = {
  header: [
    {
      id: 'row',
      type: 'columns',
      data: { elements: [[image('logo', 'https://cdn.example.org/logo.png'), image('none', '')], [text('name', '<h1>Hill School<img src=x onerror=alert(1)></h1>')]] },
      settings: { ...defaultSettings('columns'), columnSize: '4,8', backgroundColor: '#fff4d6' },
    },
    image('banner', ''),
  ],
  footer: [text('address', '<p>1 Hill Road, <a href="https://hill.example.org/">hill.example.org</a></p>')],
};
const BUILD: Build = [[], [text('news', '<p>The pool opens on Monday.</p>')], []];

describe('a header and footer of blocks', () => {
  it('frames the email: its header first, its footer last, without empty images or unsafe markup', async () => {
    const email = await renderEmail(BUILD, { header: '<p>not read</p>', footer: '', blocks: BLOCKS });
    const document = new JSDOM(email.html).window.document;
    const article = document.querySelector('[role="article"]')!;
    const words = article.textContent ?? '';
    expect(words.indexOf('Hill School')).toBeLessThan(words.indexOf('The pool opens on Monday.'));
    expect(words.indexOf('The pool opens on Monday.')).toBeLessThan(words.indexOf('1 Hill Road'));
    expect(words).not.toContain('not read');
    expect(Array.from(article.querySelectorAll('img'), (img) => img.getAttribute('src'))).toEqual(['https://cdn.example.org/logo.png']);
    expect(email.html).not.toMatch(/onerror|alert\(|>Image</);
    expect(email.html.toLowerCase()).toContain('background-color:#fff4d6');
  });

  it('puts the frame’s text in the plain-text alternative, in order, and never in the inbox preview line', async () => {
    const email = await renderEmail(BUILD, { header: '', footer: '', blocks: BLOCKS });
    expect(email.text.indexOf('Hill School')).toBe(0);
    expect(email.text.trimEnd().endsWith('1 Hill Road, hill.example.org [https://hill.example.org/]')).toBe(true);
    const preview = new JSDOM(email.html).window.document.body.firstElementChild!;
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.textContent).toBe('The pool opens on Monday.');
  });

  it('makes the frame’s HTML strings: a columns block as a two-cell table, sanitised', () => {
    const html = frameHtml(BLOCKS);
    const header = new JSDOM(html.header).window.document;
    const cells = Array.from(header.querySelectorAll('table[bgcolor="#fff4d6"] > tbody > tr > td'));
    expect(cells.map((cell) => cell.getAttribute('width'))).toEqual(['33%', '67%']);
    expect(cells[0]!.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.org/logo.png');
    expect(cells[1]!.textContent).toBe('Hill School');
    expect(header.querySelectorAll('img')).toHaveLength(1);
    expect(html.header).not.toMatch(/onerror|<!--/);
    expect(html.footer).toContain('<a href="https://hill.example.org/">hill.example.org</a>');
  });

  it('starts a school with a place for its logo and its name (escaped), which render without the empty logo', async () => {
    const starter = starterFrame('St Mary’s <School>');
    expect(starter.header.map((block) => block.type)).toEqual(['image', 'text']);
    const html = frameHtml(starter);
    expect(html.header).toContain('St Mary’s &lt;School&gt;');
    expect(html.header).not.toContain('<img');
    const email = await renderEmail(BUILD, { ...html, blocks: starter });
    expect(email.text).toContain('St Mary’s <School>');
  });
});
