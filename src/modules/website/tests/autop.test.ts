import { describe, expect, it } from 'vitest';
import { autopIfClassic, hasBlocks, wpautop } from '../server/embedded/site/autop';

describe('wpautop (WordPress port)', () => {
  it.each([
    ['Paragraph one.\n\nParagraph two.', '<p>Paragraph one.</p>\n<p>Paragraph two.</p>\n'],
    ['Line one\nline two', '<p>Line one<br />\nline two</p>\n'],
    ['text\r\n\r\nmore', '<p>text</p>\n<p>more</p>\n'],
    ['one<br><br>two', '<p>one</p>\n<p>two</p>\n'],
    ['<div>x</div>', '<div>x</div>\n'],
    ['<p>already</p>', '<p>already</p>\n'],
    ['<blockquote>Quote</blockquote>', '<blockquote><p>Quote</p></blockquote>\n'],
    ['a\n\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n\nb', '<p>a</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>b</p>\n'],
    ['x\n<hr />\ny', '<p>x</p>\n<hr />\n<p>y</p>\n'],
    // From WordPress's own tests: newlines inside a tag are not breaks.
    ["Hello <a\nhref='world'>", "<p>Hello <a\nhref='world'></p>\n"],
    // Inline elements stay inside the paragraph.
    [
      'Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" />',
      '<p>Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" /></p>\n',
    ],
    ['[gallery ids="1,2"]\n\nText', '<p>[gallery ids="1,2"]</p>\n<p>Text</p>\n'],
    ['', ''],
    ['  \n ', ''],
  ])('%j', (input, output) => {
    expect(wpautop(input)).toBe(output);
  });

  it('leaves <pre> content untouched', () => {
    expect(wpautop('<pre>a\n\nb\n  c</pre>')).toBe('<pre>a\n\nb\n  c</pre>\n');
    expect(wpautop('Before\n\n<pre class="x">one\n\ntwo</pre>\n\nAfter\nline')).toBe(
      '<p>Before</p>\n<pre class="x">one\n\ntwo</pre>\n<p>After<br />\nline</p>\n',
    );
  });

  it('wraps tables cell by cell as WordPress does, without paragraphs around block tags', () => {
    const out = wpautop('<table>\n<tr>\n<td>A</td>\n</tr>\n</table>');
    expect(out).toBe('<table>\n<tr>\n<td>A</td>\n</tr>\n</table>\n');
  });

  it('can skip line breaks', () => {
    expect(wpautop('a\nb', false)).toBe('<p>a\nb</p>\n');
  });
});

describe('autopIfClassic', () => {
  it('paragraphs classic content and leaves block-editor content alone', () => {
    const blocks = '<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Two</p>\n<!-- /wp:paragraph -->';
    expect(hasBlocks(blocks)).toBe(true);
    expect(autopIfClassic(blocks)).toBe(blocks);
    expect(hasBlocks('One\n\nTwo')).toBe(false);
    expect(autopIfClassic('One\n\nTwo')).toBe('<p>One</p>\n<p>Two</p>\n');
  });
});
