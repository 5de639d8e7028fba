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
  const [{ default: EditorJSClass }, { buildTools }] = await Promise.all([import('@editorjs/editorjs'), import('../../src/ui/islands/rich-text/tools')]);
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

  it('keeps the Responsive flag, alt text and caption of an image, and its alt text is editable', async () => {
    const html = '<figure><img src="/uploads/demo.school/a.jpg" alt="Waves &amp; gulls" class="Responsive"><figcaption>Sea &amp; <b>sky</b></figcaption></figure>';
    const saved = await openAndSave(htmlToBlocks(html, parse));
    expect(saved[0]?.data).toMatchObject({ responsive: true, alt: 'Waves & gulls', caption: 'Sea &amp; <b>sky</b>', file: { url: '/uploads/demo.school/a.jpg' } });
    expect(blocksToHtml(saved)).toBe(html);
    const input = document.querySelector<HTMLInputElement>('#editor .editor-image-alt__input');
    if (!input) throw new Error('no alt text field');
    expect(input.labels?.[0]?.textContent).toBe('Alt text');
    expect(input.value).toBe('Waves & gulls');
    input.value = 'Gulls over "the" <sea>';
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(blocksToHtml((await editor.save()).blocks)).toBe(
      '<figure><img src="/uploads/demo.school/a.jpg" alt="Gulls over &quot;the&quot; &lt;sea&gt;" class="Responsive"><figcaption>Sea &amp; <b>sky</b></figcaption></figure>',
    );
  });

  it('opens quotes, code, preformatted text, definition lists and gallery sliders in their tools and saves them unchanged', async () => {
    const html = [
      '<blockquote cite="https://example.org/">\n<p>Stay <em>hungry</em>.</p>\n<cite>Steve</cite></blockquote>',
      '<pre><code>if (a &lt; b) {\n\treturn;\n}</code></pre>',
      '<pre><cite>Robert Frost</cite>\n\tTwo roads   diverged\n</pre>',
      '<dl>\n<dt>Term</dt>\n<dd>Its <a href="/x">description</a></dd>\n</dl>',
      '<p>[gallery_slider id="7"]</p>',
    ].join('\n');
    const blocks = htmlToBlocks(html, parse);
    expect(blocks.map((block) => block.type)).toEqual(['quote', 'code', 'preformatted', 'definitionList', 'gallery']);
    const saved = await openAndSave(blocks);
    expect(saved.map((block) => block.type)).toEqual(['quote', 'code', 'preformatted', 'definitionList', 'gallery']);
    expect(blocksToHtml(saved)).toBe(html);
    // The gallery shows as its card (no loader here: it says it cannot load), not as shortcode text.
    const card = document.querySelector('#editor .editor-gallery-card');
    expect(card?.getAttribute('aria-label')).toBe('Gallery slider 7');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(card?.textContent).toContain('Gallery 7 could not be loaded.');
  });

  it('writes an edited quote, code and definition list from what was typed', async () => {
    await editor.render({
      blocks: htmlToBlocks('<blockquote><p>Old</p></blockquote><pre><code>x</code></pre><dl><dt>A</dt><dd>B</dd></dl>', parse),
    });
    const quote = document.querySelector<HTMLElement>('#editor .editor-quote__text');
    const caption = document.querySelector<HTMLElement>('#editor .editor-quote__caption');
    const code = document.querySelector<HTMLTextAreaElement>('#editor .editor-code__text');
    const kind = document.querySelector<HTMLButtonElement>('#editor .editor-dl__row--description .editor-dl__kind');
    if (!quote || !caption || !code || !kind) throw new Error('a field is missing');
    quote.innerHTML = 'New <b>words</b>';
    caption.textContent = 'Someone';
    code.value = '<b>a & b</b>';
    // The description becomes a term.
    kind.click();
    expect(blocksToHtml((await editor.save()).blocks)).toBe(
      '<blockquote><p>New <b>words</b></p><cite>Someone</cite></blockquote>\n<pre><code>&lt;b&gt;a &amp; b&lt;/b&gt;</code></pre>\n<dl><dt>A</dt><dt>B</dt></dl>',
    );
  });

  it('shows a raw block as its rendered, made-safe preview with an Edit HTML toggle, and saves its source', async () => {
    const raw = '<div class="box" onclick="alert(1)"><p>Boxed <a href="javascript:alert(1)">text</a></p><script>window.ran = true</script><iframe src="https://example.org/x"></iframe></div>';
    await editor.render({ blocks: [{ type: 'raw', data: { html: raw } }] });
    const preview = document.querySelector<HTMLElement>('#editor .editor-raw__preview');
    const toggle = document.querySelector<HTMLButtonElement>('#editor .editor-raw__toggle');
    const source = document.querySelector<HTMLTextAreaElement>('#editor .editor-raw__source');
    if (!preview || !toggle || !source) throw new Error('the raw block is missing a part');
    expect(preview.hidden).toBe(false);
    expect(source.hidden).toBe(true);
    expect(preview.innerHTML).toBe('<div class="box"><p>Boxed <a tabindex="-1">text</a></p><span class="editor-raw__placeholder">[Embedded content]</span></div>');
    expect(toggle.textContent).toBe('Edit HTML');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(source.hidden).toBe(false);
    expect(preview.hidden).toBe(true);
    expect(source.getAttribute('aria-label')).toBe('HTML source');
    expect(source.value).toBe(raw);
    expect(blocksToHtml((await editor.save()).blocks)).toBe(raw);
    source.value = '<p class="x">Edited</p>';
    toggle.click();
    expect(preview.innerHTML).toBe('<p class="x">Edited</p>');
    expect(blocksToHtml((await editor.save()).blocks)).toBe('<p class="x">Edited</p>');
  });

  it('the colour and size tools wrap the selection in a <span style>, not <font>', async () => {
    const { wrapSelectionInStyle } = await import('../../src/ui/islands/rich-text/tools');
    await editor.render({ blocks: htmlToBlocks('<p>Make this red</p>', parse) });
    const paragraph = document.querySelector<HTMLElement>('#editor .ce-paragraph');
    const text = paragraph?.firstChild;
    if (!paragraph || !text) throw new Error('no paragraph');
    const range = document.createRange();
    range.setStart(text, 10);
    range.setEnd(text, 13);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    wrapSelectionInStyle('color', '#d63939');
    wrapSelectionInStyle('font-size', 'x-large');
    expect(blocksToHtml((await editor.save()).blocks)).toBe('<p>Make this <span style="color: #d63939;"><span style="font-size: x-large;">red</span></span></p>');
  });

  it('strips what the tools do not keep from a typed block, and only there', async () => {
    await editor.render({ blocks: [{ type: 'paragraph', data: { text: 'Pasted <span class="x" style="color: red">red</span> <script>x</script>' } }, { type: 'raw', data: { html: '<div class="keep"><script>kept as written</script></div>' } }] });
    const out = blocksToHtml((await editor.save()).blocks);
    // (a script's text goes with it: html-janitor drops script and style content)
    expect(out).toBe('<p>Pasted <span style="color: red">red</span> </p>\n<div class="keep"><script>kept as written</script></div>');
  });
});
