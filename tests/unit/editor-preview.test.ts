import { describe, expect, it } from 'vitest';
import { previewHtml } from '../../src/ui/islands/rich-text/preview';

/** The editor's first-paint picture of the content (src/ui/islands/rich-text/preview.ts). */
describe('previewHtml', () => {
  it('keeps text, headings, lists, tables and images as stored', () => {
    const html = '<h2>Title</h2>\n<p>Text <a href="/x">link</a></p>\n<ul><li>One</li></ul>\n<table><tr><td>1</td></tr></table>\n<p><img src="/uploads/a/b.png" alt="" width="10" height="10" /></p>';
    expect(previewHtml(html)).toBe(html);
  });

  it('leaves out players and what the page may not load', () => {
    const html =
      '<p>Before</p><iframe src="https://www.youtube.com/embed/x">fallback</iframe>' +
      '<video controls src="https://media.example.org/v.mov"><track src="https://media.example.org/v.vtt" /></video>' +
      '<audio controls><source src="/a.ogg" type="audio/ogg" /></audio>' +
      '<p><img src="http://insecure.example.org/a.jpg" alt="" /><img src="https://secure.example.org/b.jpg" alt="" /></p><p>After</p>';
    expect(previewHtml(html)).toBe('<p>Before</p><p><img src="https://secure.example.org/b.jpg" alt="" /></p><p>After</p>');
  });
});
