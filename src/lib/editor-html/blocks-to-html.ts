/**
 * Blocks -> HTML. A block still holding the data it was loaded with is written back as exactly the
 * HTML it came from (its `source`); any other block is written from its data. Raw blocks are their
 * HTML. Blocks are joined by a newline (whitespace between blocks does not show).
 */
import type {
  Alignment,
  BlockSource,
  BlockTunes,
  CodeData,
  DefinitionItem,
  DefinitionKind,
  DefinitionListData,
  EditorBlock,
  HeaderLevel,
  ImageData,
  ListCounterType,
  ListData,
  ListItem,
  ListStyle,
  PreformattedData,
  QuoteData,
  TableData,
  TypedBlock,
  UntypedBlock,
} from './types';
import { ALIGNMENTS } from './types';
import { gallerySliderShortcode } from './shortcodes';
import { escapeAttribute, escapeText } from './dom';

/** `<ol type>` of each counter type. */
export const COUNTER_TYPE_ATTRIBUTE: Readonly<Record<ListCounterType, string | null>> = {
  numeric: null,
  'lower-roman': 'i',
  'upper-roman': 'I',
  'lower-alpha': 'a',
  'upper-alpha': 'A',
};

export function alignmentOf(tunes: BlockTunes | undefined): Alignment {
  return tunes?.alignment?.alignment ?? 'left';
}

function alignmentAttribute(alignment: Alignment): string {
  return alignment === 'left' ? '' : ` style="text-align: ${alignment};"`;
}

function canonicalItems(items: ListItem[], checklist: boolean): unknown[] {
  return items.map((item) => [item.content, checklist ? Boolean(item.meta.checked) : false, canonicalItems(item.items, checklist)]);
}

/**
 * A block's data in a canonical form (defaults filled in, editor-only settings left out): two
 * blocks with the same fingerprint are written as the same HTML.
 */
export function fingerprint(block: TypedBlock): string {
  switch (block.type) {
    case 'paragraph':
      return JSON.stringify(['paragraph', block.data.text, alignmentOf(block.tunes)]);
    case 'header':
      return JSON.stringify(['header', block.data.level, block.data.text, alignmentOf(block.tunes)]);
    case 'list': {
      const { style, meta, items } = block.data;
      const ordered = style === 'ordered';
      return JSON.stringify([
        'list',
        style,
        ordered ? (meta.start ?? 1) : null,
        ordered ? (meta.counterType ?? 'numeric') : null,
        canonicalItems(items, style === 'checklist'),
      ]);
    }
    case 'table':
      return JSON.stringify(['table', block.data.withHeadings, block.data.content]);
    case 'image':
      return JSON.stringify(['image', block.data.file.url, block.data.caption, block.data.alt ?? '', Boolean(block.data.responsive)]);
    case 'quote':
      return JSON.stringify(['quote', block.data.text, block.data.caption, block.data.url ?? '']);
    case 'code':
      return JSON.stringify(['code', block.data.code]);
    case 'preformatted':
      return JSON.stringify(['preformatted', block.data.text]);
    case 'definitionList':
      return JSON.stringify(['definitionList', block.data.items.map((item) => [item.kind, item.text])]);
    case 'gallery':
      return JSON.stringify(['gallery', block.data.id]);
    case 'delimiter':
      return JSON.stringify(['delimiter']);
  }
}

function listHtml(style: ListStyle, meta: ListData['meta'], items: ListItem[], nested: boolean): string {
  const ordered = style === 'ordered';
  let attributes = '';
  if (ordered) {
    const start = meta.start ?? 1;
    if (!nested && start !== 1) attributes += ` start="${start}"`;
    const type = COUNTER_TYPE_ATTRIBUTE[meta.counterType ?? 'numeric'];
    if (type) attributes += ` type="${type}"`;
  }
  if (style === 'checklist' && !nested) attributes += ' class="checklist"';
  const tag = ordered ? 'ol' : 'ul';
  const body = items
    .map((item) => {
      const checked = style === 'checklist' && item.meta.checked ? ' class="checked"' : '';
      const children = item.items.length > 0 ? listHtml(style, meta, item.items, true) : '';
      return `<li${checked}>${item.content}${children}</li>`;
    })
    .join('');
  return `<${tag}${attributes}>${body}</${tag}>`;
}

function tableHtml(data: TableData): string {
  const rows = data.content;
  const row = (cells: string[], cellTag: 'td' | 'th') => `<tr>${cells.map((cell) => `<${cellTag}>${cell}</${cellTag}>`).join('')}</tr>`;
  const [first, ...rest] = rows;
  const head = data.withHeadings && first ? `<thead>${row(first, 'th')}</thead>` : '';
  const bodyRows = data.withHeadings && first ? rest : rows;
  const body = bodyRows.length > 0 ? `<tbody>${bodyRows.map((cells) => row(cells, 'td')).join('')}</tbody>` : '';
  return `<table>${head}${body}</table>`;
}

/** The alt text written for an image: its caption's text (tags dropped; entities stay escaped). */
export function imageAlt(caption: string): string {
  return caption
    .replace(/<[^>]*>/g, '')
    .replace(/"/g, '&quot;')
    .replace(/[ \t\n\f\r]+/g, ' ')
    .trim();
}

/** The spec's class for an image marked 'Responsive'. */
export const RESPONSIVE_CLASS = 'Responsive';

function imageHtml(data: ImageData): string {
  const className = data.responsive ? ` class="${RESPONSIVE_CLASS}"` : '';
  const caption = data.caption.trim() === '' ? '' : data.caption;
  // An image nobody described is at least named by its caption.
  const alt = data.alt !== undefined && data.alt.trim() !== '' ? escapeAttribute(data.alt) : imageAlt(caption);
  const img = `<img src="${escapeAttribute(data.file.url)}" alt="${alt}"${className}>`;
  return caption ? `<figure>${img}<figcaption>${caption}</figcaption></figure>` : `<p>${img}</p>`;
}

function quoteHtml(data: QuoteData): string {
  const cite = data.url ? ` cite="${escapeAttribute(data.url)}"` : '';
  const caption = data.caption.trim() === '' ? '' : `<cite>${data.caption}</cite>`;
  return `<blockquote${cite}><p>${data.text}</p>${caption}</blockquote>`;
}

function codeHtml(data: CodeData): string {
  return `<pre><code>${escapeText(data.code)}</code></pre>`;
}

function preformattedHtml(data: PreformattedData): string {
  // The parser drops a newline right after <pre>: a text that starts with one needs a second.
  const text = data.text.startsWith('\n') ? `\n${data.text}` : data.text;
  return `<pre>${text}</pre>`;
}

export const DEFINITION_TAG: Readonly<Record<DefinitionKind, 'dt' | 'dd'>> = { term: 'dt', description: 'dd' };

function definitionListHtml(data: DefinitionListData): string {
  const item = ({ kind, text }: DefinitionItem) => `<${DEFINITION_TAG[kind]}>${text}</${DEFINITION_TAG[kind]}>`;
  return `<dl>${data.items.map(item).join('')}</dl>`;
}

/** A typed block's HTML, written from its data (never from its source). */
export function typedBlockHtml(block: TypedBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p${alignmentAttribute(alignmentOf(block.tunes))}>${block.data.text}</p>`;
    case 'header': {
      const level = block.data.level;
      return `<h${level}${alignmentAttribute(alignmentOf(block.tunes))}>${block.data.text}</h${level}>`;
    }
    case 'list':
      return listHtml(block.data.style, block.data.meta, block.data.items, false);
    case 'table':
      return tableHtml(block.data);
    case 'image':
      return imageHtml(block.data);
    case 'quote':
      return quoteHtml(block.data);
    case 'code':
      return codeHtml(block.data);
    case 'preformatted':
      return preformattedHtml(block.data);
    case 'definitionList':
      return definitionListHtml(block.data);
    case 'gallery':
      return `<p>${gallerySliderShortcode(block.data.id)}</p>`;
    case 'delimiter':
      return '<hr>';
  }
}

/** True when a block still has the data it was loaded with (so it is saved as its source). */
export function isUnchanged(block: TypedBlock): boolean {
  const source = block.data.source;
  return source !== undefined && source.fingerprint === fingerprint(block);
}

/** One block's HTML: its source while unchanged, otherwise written from its data. */
export function blockHtml(block: EditorBlock): string {
  if (block.type === 'raw') return block.data.html;
  if (isUnchanged(block) && block.data.source) return block.data.source.html;
  return typedBlockHtml(block);
}

/* ---- Checking what Editor.js hands over ---- */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sourceOf(data: Record<string, unknown>): { source?: BlockSource } {
  const source = data.source;
  if (isRecord(source) && typeof source.html === 'string' && typeof source.fingerprint === 'string') {
    return { source: { html: source.html, fingerprint: source.fingerprint } };
  }
  return {};
}

function tunesOf(tunes: unknown): { tunes?: BlockTunes } {
  if (!isRecord(tunes) || !isRecord(tunes.alignment)) return {};
  const alignment = tunes.alignment.alignment;
  return ALIGNMENTS.includes(alignment as Alignment) ? { tunes: { alignment: { alignment: alignment as Alignment } } } : {};
}

const LIST_STYLES: readonly ListStyle[] = ['ordered', 'unordered', 'checklist'];

function listItemsOf(value: unknown): ListItem[] | null {
  if (!Array.isArray(value)) return null;
  const items: ListItem[] = [];
  for (const entry of value as unknown[]) {
    // @editorjs/list v1 data: plain strings.
    if (typeof entry === 'string') {
      items.push({ content: entry, meta: {}, items: [] });
      continue;
    }
    if (!isRecord(entry)) return null;
    const content = typeof entry.content === 'string' ? entry.content : typeof entry.text === 'string' ? entry.text : null;
    if (content === null) return null;
    const children = entry.items === undefined ? [] : listItemsOf(entry.items);
    if (!children) return null;
    const meta = isRecord(entry.meta) ? entry.meta : {};
    const checked = typeof meta.checked === 'boolean' ? meta.checked : typeof entry.checked === 'boolean' ? entry.checked : undefined;
    items.push({ content, meta: checked === undefined ? {} : { checked }, items: children });
  }
  return items;
}

function listMetaOf(value: unknown): ListData['meta'] {
  if (!isRecord(value)) return {};
  const meta: ListData['meta'] = {};
  const start = typeof value.start === 'string' ? Number(value.start) : value.start;
  if (typeof start === 'number' && Number.isInteger(start)) meta.start = start;
  if (typeof value.counterType === 'string' && value.counterType in COUNTER_TYPE_ATTRIBUTE) {
    meta.counterType = value.counterType as ListCounterType;
  }
  return meta;
}

function definitionItemsOf(value: unknown): DefinitionItem[] | null {
  if (!Array.isArray(value)) return null;
  const items: DefinitionItem[] = [];
  for (const entry of value as unknown[]) {
    if (!isRecord(entry) || typeof entry.text !== 'string' || (entry.kind !== 'term' && entry.kind !== 'description')) return null;
    items.push({ kind: entry.kind, text: entry.text });
  }
  return items;
}

function tableContentOf(value: unknown): string[][] | null {
  if (!Array.isArray(value)) return null;
  const rows: string[][] = [];
  for (const row of value as unknown[]) {
    if (!Array.isArray(row) || !(row as unknown[]).every((cell) => typeof cell === 'string')) return null;
    rows.push(row as string[]);
  }
  return rows;
}

/** A block from Editor.js, checked and typed; null when its type or data is not one the editor has. */
export function toEditorBlock(block: UntypedBlock): EditorBlock | null {
  const data = block.data;
  if (!isRecord(data)) return null;
  const id = block.id === undefined ? {} : { id: block.id };
  switch (block.type) {
    case 'raw':
      return typeof data.html === 'string' ? { ...id, type: 'raw', data: { html: data.html } } : null;
    case 'paragraph':
      return typeof data.text === 'string' ? { ...id, type: 'paragraph', data: { text: data.text, ...sourceOf(data) }, ...tunesOf(block.tunes) } : null;
    case 'header': {
      const level = Number(data.level);
      if (typeof data.text !== 'string' || !Number.isInteger(level) || level < 1 || level > 6) return null;
      return { ...id, type: 'header', data: { text: data.text, level: level as HeaderLevel, ...sourceOf(data) }, ...tunesOf(block.tunes) };
    }
    case 'list': {
      const items = listItemsOf(data.items);
      const style = LIST_STYLES.includes(data.style as ListStyle) ? (data.style as ListStyle) : 'unordered';
      if (!items) return null;
      return { ...id, type: 'list', data: { style, meta: listMetaOf(data.meta), items, ...sourceOf(data) }, ...tunesOf(block.tunes) };
    }
    case 'table': {
      const content = tableContentOf(data.content);
      if (!content) return null;
      return { ...id, type: 'table', data: { withHeadings: data.withHeadings === true, content, ...sourceOf(data) } };
    }
    case 'image': {
      const file = data.file;
      if (!isRecord(file) || typeof file.url !== 'string') return null;
      return {
        ...id,
        type: 'image',
        data: {
          file: { url: file.url },
          caption: typeof data.caption === 'string' ? data.caption : '',
          ...(typeof data.alt === 'string' ? { alt: data.alt } : {}),
          responsive: data.responsive === true,
          ...sourceOf(data),
        },
      };
    }
    case 'quote':
      if (typeof data.text !== 'string') return null;
      return {
        ...id,
        type: 'quote',
        data: {
          text: data.text,
          caption: typeof data.caption === 'string' ? data.caption : '',
          ...(typeof data.url === 'string' && data.url !== '' ? { url: data.url } : {}),
          ...sourceOf(data),
        },
      };
    case 'code':
      return typeof data.code === 'string' ? { ...id, type: 'code', data: { code: data.code, ...sourceOf(data) } } : null;
    case 'preformatted':
      return typeof data.text === 'string' ? { ...id, type: 'preformatted', data: { text: data.text, ...sourceOf(data) } } : null;
    case 'definitionList': {
      const items = definitionItemsOf(data.items);
      return items ? { ...id, type: 'definitionList', data: { items, ...sourceOf(data) } } : null;
    }
    case 'gallery': {
      const galleryId = Number(data.id);
      if (!Number.isSafeInteger(galleryId) || galleryId <= 0) return null;
      return { ...id, type: 'gallery', data: { id: galleryId, ...sourceOf(data) } };
    }
    case 'delimiter':
      return { ...id, type: 'delimiter', data: { ...sourceOf(data) } };
    default:
      return null;
  }
}

/** Separator between blocks: whitespace between block elements does not show. */
export const BLOCK_SEPARATOR = '\n';

/**
 * The HTML of the editor's blocks, in order. Accepts Editor.js's output as it is and checks it;
 * a block it cannot write (its type or data unknown: saving it would lose content) throws a plain
 * Error, a bug of the editor's, rather than being dropped.
 */
export function blocksToHtml(blocks: ReadonlyArray<EditorBlock | UntypedBlock>): string {
  return blocks
    .map((block) => {
      const typed = toEditorBlock(block);
      if (!typed) throw new Error(`The editor cannot save a block of type "${block.type}".`);
      return blockHtml(typed);
    })
    .join(BLOCK_SEPARATOR);
}
