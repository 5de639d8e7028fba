// @vitest-environment jsdom
/**
 * The round trip through a real Editor.js (jsdom) with the editor's own tools: its tools render
 * the blocks, its saver sanitises them with the tools' rules, and the conversion writes the HTML.
 * For every post and page of the theme test data, saving without a change gives back exactly the
 * HTML the conversion loaded (and so DOM-equivalent content). Also: an edit through Editor.js
 * rewrites only that block, blank paragraphs and the Responsive image flag survive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type EditorJS from '@editorjs/editorjs';
import type { OutputBlockData } from '@editorjs/editorjs';
import { blocksToHtml, domDifference, htmlToBlocks, type EditorBlock, type ParseHtml } from '../../src/lib/editor-html';
import { rawCorpus, storedCorpus } from './editor-fixture';

// jsdom lacks matchMedia, which Editor.js's popovers ask for.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

const parse: ParseHtml = (html) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

let editor: EditorJS;

beforeAll(async () => {
  // Imported after the stub: Editor.js and its plugins touch window when they load.
  const [{ default: EditorJSClass }, { buildTools }] = await Promise.all([import('@editorjs/editorjs'), import('../../src/islands/website/editor/tools')]);
  const holder = document.createElement('div');
  holder.id = 'editor';
  document.body.appendChild(holder);
  editor = new EditorJSClass({ holder, tools: buildTools({ uploadImage: async () => null }), data: { blocks: [] } });
  await editor.isReady;
});

afterAll(() => {
  editor.destroy();
});

/** Loads blocks into the editor and saves them, as opening and saving in the island does. */
async function openAndSave(blocks: EditorBlock[]): Promise<OutputBlockData[]> {
  await editor.render({ blocks: blocks.length > 0 ? blocks : [] });
  const output = await editor.save();
  return output.blocks;
}

const corpus = [...storedCorpus(), ...rawCorpus()];

describe('opening and saving in Editor.js without a change', () => {
  it.each(corpus.map((item) => [item.name, item] as const))('%s', async (_name, item) => {
    const blocks = htmlToBlocks(item.html, parse);
    const saved = await openAndSave(blocks);
    expect(saved.map((block) => block.type)).toEqual(blocks.map((block) => block.type));
    const html = blocksToHtml(saved);
    // Block for block what was loaded (every typed block still matches its source) ...
    expect(html).toBe(blocksToHtml(blocks));
    // ... which is the original content.
    expect(domDifference(item.html, html, parse)).toBeNull();
  });
});

describe('editing in Editor.js', () => {
  it('rewrites only the block that changed', async () => {
    const html = '<h2>Title</h2>\n<p style="text-align:center;">First<br />paragraph</p>\n<p>Second <strong>one</strong></p>\n<p class="x">Raw</p>';
    await editor.render({ blocks: htmlToBlocks(html, parse) });
    const second = editor.blocks.getBlockByIndex(2);
    if (!second) throw new Error('no third block');
    await editor.blocks.update(second.id, { text: 'Second, <i>edited</i>' });
    const out = blocksToHtml((await editor.save()).blocks);
    expect(out).toBe('<h2>Title</h2>\n<p style="text-align:center;">First<br>paragraph</p>\n<p>Second, <i>edited</i></p>\n<p class="x">Raw</p>');
  });

  it('keeps loaded blank paragraphs but drops new blank ones', async () => {
    await editor.render({ blocks: htmlToBlocks('<p>A</p><p></p><p>B</p>', parse) });
    editor.blocks.insert('paragraph', { text: '' }, undefined, 3);
    const out = blocksToHtml((await editor.save()).blocks);
    expect(out).toBe('<p>A</p>\n<p></p>\n<p>B</p>');
  });

  it('keeps the Responsive flag and caption of an image', async () => {
    const html = '<figure><img src="/uploads/demo.school/a.jpg" alt="Sea &amp; sky" class="responsive"><figcaption>Sea &amp; <b>sky</b></figcaption></figure>';
    const saved = await openAndSave(htmlToBlocks(html, parse));
    expect(saved[0]?.data).toMatchObject({ responsive: true, caption: 'Sea &amp; <b>sky</b>', file: { url: '/uploads/demo.school/a.jpg' } });
    expect(blocksToHtml(saved)).toBe(html);
  });

  it('strips what the tools do not keep from a typed block, and only there', async () => {
    await editor.render({ blocks: [{ type: 'paragraph', data: { text: 'Pasted <span class="x" style="color: red">red</span> <script>x</script>' } }, { type: 'raw', data: { html: '<div class="keep"><script>kept as written</script></div>' } }] });
    const out = blocksToHtml((await editor.save()).blocks);
    // (a script's text goes with it: html-janitor drops script and style content)
    expect(out).toBe('<p>Pasted <span style="color: red">red</span> </p>\n<div class="keep"><script>kept as written</script></div>');
  });
});
