/**
 * WordPress's `wpautop()` (wp-includes/formatting.php), ported line for line: WordPress stores
 * classic-editor content without paragraphs and adds them when it renders; the import applies it
 * once so the stored HTML is what the WordPress site showed. Double line breaks become <p>
 * paragraphs, single ones <br />; block-level elements are not wrapped; <pre> is left untouched.
 *
 * Block-editor content (`<!-- wp:... -->` comments) is already paragraphed: WordPress does not
 * autop it either (`has_blocks()` in `do_blocks()`), and neither does `autopIfClassic`.
 */

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/** wp_html_split's pattern: comments, CDATA sections and tags, each kept whole. */
const HTML_SPLIT = /(<(?:!--[\s\S]*?(?:-->|$)|!\[CDATA\[[\s\S]*?(?:\]\]>|$)|[^>]*>?))/;

/** wp_replace_in_html_tags for the one replacement wpautop makes: newlines inside tags and comments. */
function replaceNewlinesInTags(text: string): string {
  const parts = text.split(HTML_SPLIT);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    const part = parts[i] ?? '';
    if (part.includes('\n')) {
      parts[i] = part.replaceAll('\n', ' <!-- wpnl --> ');
      changed = true;
    }
  }
  return changed ? parts.join('') : text;
}

export function wpautop(input: string, br = true): string {
  if (input.trim() === '') return '';
  const preTags = new Map<string, string>();

  // Just to make things a little easier, pad the end.
  let text = `${input}\n`;

  // Pre tags shouldn't be touched by autop: replace them with placeholders and bring them back after.
  if (text.includes('<pre')) {
    const textParts = text.split('</pre>');
    const lastPart = textParts.pop() ?? '';
    text = '';
    let i = 0;
    for (const textPart of textParts) {
      const start = textPart.indexOf('<pre');
      // Malformed HTML?
      if (start === -1) {
        text += textPart;
        continue;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.set(name, `${textPart.slice(start)}</pre>`);
      text += textPart.slice(0, start) + name;
      i += 1;
    }
    text += lastPart;
  }

  // Change multiple <br>'s into two line breaks, which will turn into paragraphs.
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');

  // Add a double line break above block-level opening tags.
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  // Add a double line break below block-level closing tags.
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  // Add a double line break after hr tags, which are self closing.
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');

  // Standardize newline characters to "\n".
  text = text.replace(/\r\n|\r/g, '\n');

  // Find newlines in all elements and add placeholders.
  text = replaceNewlinesInTags(text);

  // Collapse line breaks before and after <option> elements so they don't get autop'd.
  if (text.includes('<option')) {
    text = text.replace(/\s*<option/g, '<option');
    text = text.replace(/<\/option>\s*/g, '</option>');
  }

  // Collapse line breaks inside <object> elements, before <param> and <embed> elements.
  if (text.includes('</object>')) {
    text = text.replace(/(<object[^>]*>)\s*/g, '$1');
    text = text.replace(/\s*<\/object>/g, '</object>');
    text = text.replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, '$1');
  }

  // Collapse line breaks inside <audio> and <video> elements, before and after <source> and <track>.
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1');
    text = text.replace(/\s*([<[]\/(?:audio|video)[>\]])/g, '$1');
    text = text.replace(/\s*(<(?:source|track)[^>]*>)\s*/g, '$1');
  }

  // Collapse line breaks before and after <figcaption> elements.
  if (text.includes('<figcaption')) {
    text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1');
    text = text.replace(/<\/figcaption>\s*/g, '</figcaption>');
  }

  // Remove more than two contiguous line breaks.
  text = text.replace(/\n\n+/g, '\n\n');

  // Split up the contents into an array of strings, separated by double line breaks.
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p !== '');

  // Rebuild the content as a string, wrapping every bit with a <p>.
  text = '';
  for (const paragraph of paragraphs) text += `<p>${paragraph.replace(/^\n+|\n+$/g, '')}</p>\n`;

  // Under certain strange conditions it could create a P of entirely whitespace.
  text = text.replace(/<p>\s*<\/p>/g, '');

  // Add a closing <p> inside <div>, <address>, or <form> tag if missing.
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');

  // If an opening or closing block element tag is wrapped in a <p>, unwrap it.
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  // In some cases <li> may get wrapped in <p>, fix them.
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');

  // If a <blockquote> is wrapped with a <p>, move it inside the <blockquote>.
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.replaceAll('</blockquote></p>', '</p></blockquote>');

  // If an opening or closing block element tag is preceded by an opening <p> tag, remove it.
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');

  // If an opening or closing block element tag is followed by a closing <p> tag, remove it.
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  // Optionally insert line breaks.
  if (br) {
    // Replace newlines that shouldn't be touched with a placeholder.
    text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (match) => match.replaceAll('\n', '<WPPreserveNewline />'));
    // Normalize <br>
    text = text.replaceAll('<br>', '<br />').replaceAll('<br/>', '<br />');
    // Replace any new line characters that aren't preceded by a <br /> with a <br />.
    text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
    // Replace newline placeholders with newlines.
    text = text.replaceAll('<WPPreserveNewline />', '\n');
  }

  // If a <br /> tag is after an opening or closing block tag, remove it.
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');

  // If a <br /> tag is before a subset of opening or closing block tags, remove it.
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  // (PHP's `$` also matches before a final newline.)
  text = text.replace(/\n<\/p>(?=\n?$)/, '</p>');

  // Replace placeholder <pre> tags with their original content.
  for (const [name, original] of preTags) text = text.replace(name, () => original);

  // Restore newlines in all elements.
  if (text.includes('<!-- wpnl -->')) text = text.replaceAll(' <!-- wpnl --> ', '\n').replaceAll('<!-- wpnl -->', '\n');

  return text;
}

/** True for block-editor content, which WordPress renders without autop. */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** wpautop for classic content; block content as it is. */
export function autopIfClassic(content: string): string {
  return hasBlocks(content) ? content : wpautop(content);
}
