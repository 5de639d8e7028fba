/**
 * HTML -> blocks, losslessly. Each top-level node becomes a typed block (paragraph, header, list,
 * table, image, quote, code, preformatted text, definition list, gallery slider, delimiter) only when that block, written back, reproduces the node exactly (checked: the
 * block's HTML must be DOM-equivalent to the node) and when everything inside it survives the
 * editor's sanitiser (rules.ts). Everything else (attributes the tools cannot write, shortcodes,
 * comments, iframes, forms, nested or styled markup, top-level text) goes verbatim into raw-HTML
 * blocks, consecutive such nodes together. Typed blocks remember their source HTML, so a block
 * the user does not change is saved as exactly what was loaded.
 */
import type {
  Alignment,
  BlockSource,
  CodeBlock,
  DefinitionItem,
  DefinitionListBlock,
  EditorBlock,
  GalleryBlock,
  HeaderLevel,
  ImageBlock,
  ListBlock,
  ListCounterType,
  ListItem,
  ListStyle,
  ParseHtml,
  PreformattedBlock,
  QuoteBlock,
  TableBlock,
  TypedBlock,
} from './types';
import { ALIGNMENTS } from './types';
import {
  CAPTION_RULES,
  DEFINITION_RULES,
  HEADER_RULES,
  LIST_RULES,
  PARAGRAPH_RULES,
  PREFORMATTED_RULES,
  QUOTE_RULES,
  TABLE_RULES,
  type InlineRules,
} from './rules';
import { isComment, isElement, isText, isWhitespaceText, serializeNodes } from './dom';
import { normalizeStyle, domDifference } from './equivalence';
import { COUNTER_TYPE_ATTRIBUTE, fingerprint, RESPONSIVE_CLASS, typedBlockHtml } from './blocks-to-html';

/** WordPress's own shortcodes and this product's. */
const KNOWN_SHORTCODES = ['audio', 'caption', 'embed', 'gallery', 'playlist', 'video', 'wp_caption', 'gallery_slider'];
/**
 * A shortcode in text: a closing tag (`[/caption]`), a known name (`[gallery]`), a plugin-style
 * name (`[vc_row]`, `[contact-form-7 ...]`) or attributes (`[form id="3"]`). Bracketed prose such
 * as `[sic]` or `[simple boat]` is not one.
 */
const SHORTCODE = new RegExp(
  [
    String.raw`\[\/[a-z][\w-]*\]`,
    String.raw`\[(?:${KNOWN_SHORTCODES.join('|')})(?=[\s\]/])`,
    String.raw`\[[a-z][a-z0-9]*[_-][\w-]*(?=[\s\]/])`,
    String.raw`\[[a-z][\w-]*\s+[\w-]+\s*=`,
  ].join('|'),
  'i',
);
const ASCII_SPACE_EDGES = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;
/** Text that shows something (Editor.js drops blocks whose text is only whitespace). */
const VISIBLE = /[^\s]/;

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** True when the node and everything in it pass Editor.js's sanitiser unchanged under `rules`. */
function survives(node: Node, rules: InlineRules): boolean {
  if (isText(node)) return !SHORTCODE.test(node.data);
  if (isComment(node) || !isElement(node)) return false;
  const name = node.localName;
  if (!hasOwn(rules, name)) return false;
  const rule = rules[name];
  if (rule === undefined) return false;
  if (rule !== true) {
    for (const attribute of Array.from(node.attributes)) {
      if (!hasOwn(rule, attribute.name)) return false;
      const allowed = rule[attribute.name];
      if (allowed !== true && allowed !== attribute.value) return false;
    }
  }
  return Array.from(node.childNodes).every((child) => survives(child, rules));
}

function childrenSurvive(element: Element, rules: InlineRules): boolean {
  return Array.from(element.childNodes).every((child) => survives(child, rules));
}

function attributeNames(element: Element): string[] {
  return Array.from(element.attributes, (attribute) => attribute.name);
}

/** Child elements, or null when there is a non-whitespace text node or a comment among the children. */
function elementChildren(element: Element): Element[] | null {
  const out: Element[] = [];
  for (const child of Array.from(element.childNodes)) {
    if (isElement(child)) out.push(child);
    else if (!isWhitespaceText(child)) return null;
  }
  return out;
}

/** The alignment a paragraph or heading's attributes express, or null when they say anything else. */
function alignmentFrom(element: Element): Alignment | 'none' | null {
  const names = attributeNames(element);
  if (names.length === 0) return 'none';
  if (names.length !== 1 || names[0] !== 'style') return null;
  const match = /^text-align: (\w+)$/.exec(normalizeStyle(element.getAttribute('style') ?? ''));
  const alignment = match?.[1] as Alignment | undefined;
  return alignment && ALIGNMENTS.includes(alignment) ? alignment : null;
}

function alignmentTunes(alignment: Alignment | 'none'): TypedBlock['tunes'] {
  return { alignment: { alignment: alignment === 'none' ? 'left' : alignment } };
}

/**
 * A paragraph or heading. A blank one is kept too: Editor.js would drop it on save, but the tools
 * keep a blank block that is still as loaded (tools.ts), so blank paragraphs survive an edit.
 */
function paragraphOrHeader(element: Element): TypedBlock | null {
  const alignment = alignmentFrom(element);
  if (alignment === null) return null;
  const text = element.innerHTML;
  if (element.localName === 'p') {
    if (!childrenSurvive(element, PARAGRAPH_RULES)) return null;
    return { type: 'paragraph', data: { text }, tunes: alignmentTunes(alignment) };
  }
  if (!childrenSurvive(element, HEADER_RULES)) return null;
  const level = Number(element.localName.slice(1)) as HeaderLevel;
  return { type: 'header', data: { text, level }, tunes: alignmentTunes(alignment) };
}

const COUNTER_TYPE_BY_ATTRIBUTE = new Map<string, ListCounterType>(
  Object.entries(COUNTER_TYPE_ATTRIBUTE).flatMap(([counterType, attribute]) =>
    attribute ? [[attribute, counterType as ListCounterType] as const] : [],
  ),
);

interface ListShape {
  tag: 'ul' | 'ol';
  style: ListStyle;
  /** The `type` attribute every nested `<ol>` must repeat (list v2 numbers all levels alike). */
  typeAttribute: string | null;
}

function listItems(list: Element, shape: ListShape): ListItem[] | null {
  const children = elementChildren(list);
  if (!children || children.length === 0) return null;
  const items: ListItem[] = [];
  for (const li of children) {
    if (li.localName !== 'li') return null;
    const names = attributeNames(li);
    let checked: boolean | undefined;
    if (shape.style === 'checklist') {
      if (names.length > 1 || (names.length === 1 && (names[0] !== 'class' || li.getAttribute('class') !== 'checked'))) return null;
      checked = names.length === 1;
    } else if (names.length > 0) {
      return null;
    }
    const nodes = Array.from(li.childNodes);
    while (nodes.length > 0 && isWhitespaceText(nodes[nodes.length - 1] as Node)) nodes.pop();
    const last = nodes[nodes.length - 1];
    let nested: ListItem[] = [];
    if (last && isElement(last) && (last.localName === 'ul' || last.localName === 'ol')) {
      nodes.pop();
      if (last.localName !== shape.tag) return null;
      const nestedNames = attributeNames(last);
      const expected = shape.typeAttribute === null ? [] : ['type'];
      if (nestedNames.join() !== expected.join()) return null;
      if (shape.typeAttribute !== null && last.getAttribute('type') !== shape.typeAttribute) return null;
      const children = listItems(last, shape);
      if (!children) return null;
      nested = children;
    }
    if (!nodes.every((node) => survives(node, LIST_RULES))) return null;
    if (!VISIBLE.test(nodes.map((node) => node.textContent ?? '').join(''))) return null;
    const content = serializeNodes(nodes).replace(ASCII_SPACE_EDGES, '');
    items.push({ content, meta: checked === undefined ? {} : { checked }, items: nested });
  }
  return items;
}

function list(element: Element): ListBlock | null {
  const ordered = element.localName === 'ol';
  const names = attributeNames(element);
  const meta: ListBlock['data']['meta'] = {};
  let style: ListStyle = ordered ? 'ordered' : 'unordered';
  let typeAttribute: string | null = null;
  for (const name of names) {
    const value = element.getAttribute(name) ?? '';
    if (ordered && name === 'start' && /^-?\d+$/.test(value)) meta.start = Number(value);
    else if (ordered && name === 'type' && COUNTER_TYPE_BY_ATTRIBUTE.has(value)) {
      meta.counterType = COUNTER_TYPE_BY_ATTRIBUTE.get(value);
      typeAttribute = value;
    } else if (!ordered && name === 'class' && value === 'checklist') style = 'checklist';
    else return null;
  }
  if (ordered && meta.counterType === undefined) meta.counterType = 'numeric';
  const items = listItems(element, { tag: ordered ? 'ol' : 'ul', style, typeAttribute });
  if (!items) return null;
  return { type: 'list', data: { style, meta, items } };
}

function tableRows(section: Element, cellTag: 'td' | 'th'): string[][] | null {
  if (attributeNames(section).length > 0) return null;
  const rows = elementChildren(section);
  if (!rows) return null;
  const out: string[][] = [];
  for (const tr of rows) {
    if (tr.localName !== 'tr' || attributeNames(tr).length > 0) return null;
    const cells = elementChildren(tr);
    if (!cells || cells.length === 0) return null;
    const row: string[] = [];
    for (const cell of cells) {
      if (cell.localName !== cellTag || attributeNames(cell).length > 0) return null;
      if (!childrenSurvive(cell, TABLE_RULES)) return null;
      row.push(cell.innerHTML);
    }
    // The table tool drops rows whose cells are all empty.
    if (!VISIBLE.test(cells.map((cell) => cell.textContent ?? '').join(''))) return null;
    out.push(row);
  }
  return out;
}

function table(element: Element): TableBlock | null {
  if (attributeNames(element).length > 0) return null;
  const sections = elementChildren(element);
  if (!sections || sections.length === 0 || sections.length > 2) return null;
  let head: string[][] = [];
  let body: string[][] = [];
  const [first, second] = sections;
  if (!first) return null;
  if (first.localName === 'thead') {
    const rows = tableRows(first, 'th');
    if (!rows || rows.length !== 1) return null;
    head = rows;
    if (second) {
      if (second.localName !== 'tbody') return null;
      const rows2 = tableRows(second, 'td');
      if (!rows2) return null;
      body = rows2;
    }
  } else if (first.localName === 'tbody' && !second) {
    const rows = tableRows(first, 'td');
    if (!rows) return null;
    body = rows;
  } else {
    return null;
  }
  const content = [...head, ...body];
  const width = content[0]?.length ?? 0;
  if (width === 0 || content.some((row) => row.length !== width)) return null;
  return { type: 'table', data: { withHeadings: head.length > 0, content } };
}

function imageFrom(img: Element, caption: string): ImageBlock | null {
  const src = img.getAttribute('src');
  if (!src) return null;
  for (const name of attributeNames(img)) if (name !== 'src' && name !== 'alt' && name !== 'class') return null;
  const className = img.getAttribute('class');
  if (className !== null && className !== RESPONSIVE_CLASS) return null;
  const alt = img.getAttribute('alt');
  return { type: 'image', data: { file: { url: src }, caption, ...(alt === null ? {} : { alt }), responsive: className === RESPONSIVE_CLASS } };
}

function image(element: Element): ImageBlock | null {
  if (attributeNames(element).length > 0) return null;
  if (element.localName === 'p') {
    const only = element.childNodes.length === 1 ? element.firstChild : null;
    return only && isElement(only) && only.localName === 'img' ? imageFrom(only, '') : null;
  }
  const children = elementChildren(element);
  const [img, figcaption] = children ?? [];
  if (!children || children.length !== 2 || !img || !figcaption) return null;
  if (img.localName !== 'img' || figcaption.localName !== 'figcaption' || attributeNames(figcaption).length > 0) return null;
  if (!childrenSurvive(figcaption, CAPTION_RULES) || figcaption.innerHTML.trim() === '') return null;
  return imageFrom(img, figcaption.innerHTML);
}

/** `<blockquote [cite]><p>…</p>[<cite>…</cite>]</blockquote>`, the quote tool's one shape. */
function quote(element: Element): QuoteBlock | null {
  const names = attributeNames(element);
  if (names.length > 1 || (names.length === 1 && names[0] !== 'cite')) return null;
  const children = elementChildren(element);
  const [paragraph, cite] = children ?? [];
  if (!children || !paragraph || children.length > 2) return null;
  if (paragraph.localName !== 'p' || attributeNames(paragraph).length > 0 || !childrenSurvive(paragraph, QUOTE_RULES)) return null;
  if (!VISIBLE.test(paragraph.textContent ?? '')) return null;
  if (cite && (cite.localName !== 'cite' || attributeNames(cite).length > 0 || !childrenSurvive(cite, QUOTE_RULES))) return null;
  const url = element.getAttribute('cite');
  return { type: 'quote', data: { text: paragraph.innerHTML, caption: cite?.innerHTML ?? '', ...(url ? { url } : {}) } };
}

/** `<pre><code>text</code></pre>` (code) or `<pre>inline HTML</pre>` (preformatted text). */
function preformatted(element: Element): CodeBlock | PreformattedBlock | null {
  if (attributeNames(element).length > 0) return null;
  const only = element.childNodes.length === 1 ? element.firstChild : null;
  if (only && isElement(only) && only.localName === 'code' && attributeNames(only).length === 0) {
    if (!Array.from(only.childNodes).every(isText)) return null;
    return { type: 'code', data: { code: only.textContent ?? '' } };
  }
  if (!childrenSurvive(element, PREFORMATTED_RULES) || !VISIBLE.test(element.textContent ?? '')) return null;
  return { type: 'preformatted', data: { text: element.innerHTML } };
}

function definitionList(element: Element): DefinitionListBlock | null {
  if (attributeNames(element).length > 0) return null;
  const children = elementChildren(element);
  if (!children || children.length === 0) return null;
  const items: DefinitionItem[] = [];
  for (const child of children) {
    if ((child.localName !== 'dt' && child.localName !== 'dd') || attributeNames(child).length > 0) return null;
    if (!childrenSurvive(child, DEFINITION_RULES)) return null;
    items.push({ kind: child.localName === 'dt' ? 'term' : 'description', text: child.innerHTML });
  }
  return { type: 'definitionList', data: { items } };
}

const GALLERY_PARAGRAPH = /^\[gallery_slider id="(\d+)"\]$/;

/** A paragraph holding only the gallery slider shortcode (what the editor's Insert gallery writes). */
function gallery(element: Element): GalleryBlock | null {
  if (element.localName !== 'p' || attributeNames(element).length > 0 || element.childNodes.length !== 1) return null;
  const only = element.firstChild;
  const match = only && isText(only) ? GALLERY_PARAGRAPH.exec(only.data) : null;
  const id = Number(match?.[1]);
  return match && Number.isSafeInteger(id) && id > 0 ? { type: 'gallery', data: { id } } : null;
}

/** The typed block a top-level element could be, before checking that it writes back the same. */
function candidate(element: Element): TypedBlock | null {
  const galleryBlock = gallery(element);
  if (galleryBlock) return galleryBlock;
  if (SHORTCODE.test(element.textContent ?? '')) return null;
  switch (element.localName) {
    case 'blockquote':
      return quote(element);
    case 'pre':
      return preformatted(element);
    case 'dl':
      return definitionList(element);
    case 'hr':
      return attributeNames(element).length === 0 ? { type: 'delimiter', data: {} } : null;
    case 'p':
      return paragraphOrHeader(element) ?? image(element);
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return paragraphOrHeader(element);
    case 'ul':
    case 'ol':
      return list(element);
    case 'table':
      return table(element);
    case 'figure':
      return image(element);
    default:
      return null;
  }
}

/** The typed block for a top-level node, with its source, or null when it must stay raw HTML. */
function typedBlock(node: Node, parse: ParseHtml): TypedBlock | null {
  if (!isElement(node)) return null;
  const block = candidate(node);
  if (!block) return null;
  const html = serializeNodes([node]);
  if (domDifference(typedBlockHtml(block), html, parse) !== null) return null;
  return withSource(block, { html, fingerprint: fingerprint(block) });
}

function withSource(block: TypedBlock, source: BlockSource): TypedBlock {
  // One case per type: TypeScript cannot spread a union's data and keep each block's own type.
  switch (block.type) {
    case 'paragraph':
      return { ...block, data: { ...block.data, source } };
    case 'header':
      return { ...block, data: { ...block.data, source } };
    case 'list':
      return { ...block, data: { ...block.data, source } };
    case 'table':
      return { ...block, data: { ...block.data, source } };
    case 'image':
      return { ...block, data: { ...block.data, source } };
    case 'quote':
      return { ...block, data: { ...block.data, source } };
    case 'code':
      return { ...block, data: { ...block.data, source } };
    case 'preformatted':
      return { ...block, data: { ...block.data, source } };
    case 'definitionList':
      return { ...block, data: { ...block.data, source } };
    case 'gallery':
      return { ...block, data: { ...block.data, source } };
    case 'delimiter':
      return { ...block, data: { ...block.data, source } };
  }
}

/**
 * The editor's blocks for some HTML. `blocksToHtml(htmlToBlocks(html, parse))` is DOM-equivalent
 * to `html` (whitespace between blocks aside), for any HTML.
 */
export function htmlToBlocks(html: string, parse: ParseHtml): EditorBlock[] {
  const blocks: EditorBlock[] = [];
  let run: Node[] = [];
  const flush = () => {
    const raw = serializeNodes(run).replace(ASCII_SPACE_EDGES, '');
    if (raw !== '') blocks.push({ type: 'raw', data: { html: raw } });
    run = [];
  };
  for (const node of Array.from(parse(html).childNodes)) {
    if (isWhitespaceText(node)) {
      if (run.length > 0) run.push(node);
      continue;
    }
    const block = typedBlock(node, parse);
    if (block) {
      flush();
      blocks.push(block);
    } else {
      run.push(node);
    }
  }
  flush();
  return blocks;
}
