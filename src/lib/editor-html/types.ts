/**
 * The blocks the website editor (Editor.js) works with, typed: what `htmlToBlocks` produces, what
 * the editor's tools read and save, and what `blocksToHtml` turns back into HTML. Framework-free:
 * the DOM comes in through `ParseHtml` (the browser's parser in the island, jsdom in the tests).
 */

/**
 * Parses an HTML fragment and returns the element holding it (its children are the fragment).
 * Parsing must be inert (no scripts run, nothing loads): e.g. `innerHTML` of a `<div>` of a
 * document made with `document.implementation.createHTMLDocument()`. The same context Editor.js
 * uses for its contenteditable blocks and its sanitiser.
 */
export type ParseHtml = (html: string) => Element;

/** The alignment block tune (editorjs-text-alignment-blocktune): 'left' is the default and writes nothing. */
export type Alignment = 'left' | 'center' | 'right';
export const ALIGNMENTS: readonly Alignment[] = ['left', 'center', 'right'];

export interface BlockTunes {
  alignment?: { alignment: Alignment };
}

/**
 * What a block loaded from existing HTML remembers of it: the HTML it came from and a fingerprint
 * of the data it was loaded with. While the block's data still has that fingerprint, it is saved
 * as exactly that HTML, so opening and saving never rewrites what the user did not touch.
 */
export interface BlockSource {
  html: string;
  fingerprint: string;
}

export interface ParagraphData {
  text: string;
  source?: BlockSource;
}

export type HeaderLevel = 1 | 2 | 3 | 4 | 5 | 6;
export interface HeaderData {
  text: string;
  level: HeaderLevel;
  source?: BlockSource;
}

/** @editorjs/list v2 counter types an `<ol type>` can express. */
export type ListCounterType = 'numeric' | 'lower-roman' | 'upper-roman' | 'lower-alpha' | 'upper-alpha';
export type ListStyle = 'ordered' | 'unordered' | 'checklist';
export interface ListItem {
  content: string;
  meta: { checked?: boolean };
  items: ListItem[];
}
export interface ListData {
  style: ListStyle;
  meta: { start?: number; counterType?: ListCounterType };
  items: ListItem[];
  source?: BlockSource;
}

export interface TableData {
  withHeadings: boolean;
  stretched?: boolean;
  /** Rows of cells (cell HTML); with headings, the first row is the heading row. */
  content: string[][];
  source?: BlockSource;
}

export interface ImageData {
  file: { url: string };
  caption: string;
  withBorder?: boolean;
  withBackground?: boolean;
  stretched?: boolean;
  /** The image's alt text; blank writes the caption's text (see blocksToHtml). */
  alt?: string;
  /** The 'Responsive' action: serialised as the spec's class="Responsive" on the img. */
  responsive?: boolean;
  source?: BlockSource;
}

/** A quotation: `<blockquote [cite=url]><p>text</p>[<cite>caption</cite>]</blockquote>`. */
export interface QuoteData {
  text: string;
  caption: string;
  /** The blockquote's cite attribute (the quotation's source address), when it has one. */
  url?: string;
  source?: BlockSource;
}

/** Code: `<pre><code>code</code></pre>`, the code as plain text (escaped when written). */
export interface CodeData {
  code: string;
  source?: BlockSource;
}

/** Preformatted text: `<pre>text</pre>`, the text as inline HTML (line breaks and spaces kept). */
export interface PreformattedData {
  text: string;
  source?: BlockSource;
}

/** A definition list: its terms (`<dt>`) and descriptions (`<dd>`) in order, each inline HTML. */
export type DefinitionKind = 'term' | 'description';
export interface DefinitionItem {
  kind: DefinitionKind;
  text: string;
}
export interface DefinitionListData {
  items: DefinitionItem[];
  source?: BlockSource;
}

/** A thematic break: `<hr>` (no data but its source). */
export interface DelimiterData {
  source?: BlockSource;
}

/** The gallery slider shortcode in a paragraph of its own: `<p>[gallery_slider id="N"]</p>`. */
export interface GalleryData {
  id: number;
  source?: BlockSource;
}

/** A raw-HTML block: HTML kept as written (what the typed tools cannot represent), shown as its preview. */
export interface RawData {
  html: string;
}

interface BlockBase<Type extends string, Data> {
  id?: string;
  type: Type;
  data: Data;
  tunes?: BlockTunes;
}

export type ParagraphBlock = BlockBase<'paragraph', ParagraphData>;
export type HeaderBlock = BlockBase<'header', HeaderData>;
export type ListBlock = BlockBase<'list', ListData>;
export type TableBlock = BlockBase<'table', TableData>;
export type ImageBlock = BlockBase<'image', ImageData>;
export type RawBlock = BlockBase<'raw', RawData>;
export type QuoteBlock = BlockBase<'quote', QuoteData>;
export type CodeBlock = BlockBase<'code', CodeData>;
export type PreformattedBlock = BlockBase<'preformatted', PreformattedData>;
export type DefinitionListBlock = BlockBase<'definitionList', DefinitionListData>;
export type GalleryBlock = BlockBase<'gallery', GalleryData>;
export type DelimiterBlock = BlockBase<'delimiter', DelimiterData>;

export type EditorBlock =
  | ParagraphBlock
  | HeaderBlock
  | ListBlock
  | TableBlock
  | ImageBlock
  | QuoteBlock
  | CodeBlock
  | PreformattedBlock
  | DefinitionListBlock
  | GalleryBlock
  | DelimiterBlock
  | RawBlock;
export type TypedBlock = Exclude<EditorBlock, RawBlock>;

/** A block as Editor.js hands it over (`OutputBlockData`): checked before it is trusted. */
export interface UntypedBlock {
  id?: string;
  type: string;
  data: unknown;
  tunes?: unknown;
}
