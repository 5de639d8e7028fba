/**
 * The website editor's Editor.js tools, typed in one place (the plugins' own typings are loose or
 * missing; nothing outside this module touches them). Block tools are the plugins with three
 * additions the lossless round trip needs (see src/lib/editor-html):
 * - their sanitiser rules are the conversion's (rules.ts), so what the conversion maps to a typed
 *   block is exactly what survives a save;
 * - they keep the `source` a block was loaded with in their saved data, so an unchanged block is
 *   written back as the HTML it came from;
 * - a blank paragraph or heading that was loaded blank is kept (Editor.js drops blank blocks).
 * Images upload through the callback the island passes (the builder upload call), ask for their alt
 * text once uploaded (a labelled field under the image, editable after) and can be marked
 * 'Responsive'. Quote, code, preformatted text, definition list, delimiter, the gallery slider
 * card and the raw-HTML preview are this module's own block tools (tools/). Font, size, text colour and
 * highlight are inline tools of this module: menus that wrap the selection in a `<span style>`
 * (editorjs-text-color-plugin's picker throws when Editor.js 2.31 clones its popover, so it is not
 * used; the browser's own commands would write `<font>`).
 */
import type {
  API,
  BlockTool,
  BlockToolData,
  InlineTool,
  InlineToolConstructorOptions,
  PasteConfig,
  SanitizerConfig,
  ToolConstructable,
  ToolSettings,
} from '@editorjs/editorjs';
import type { MenuConfig } from '@editorjs/editorjs/types/tools';
import Paragraph from '@editorjs/paragraph';
import Header from '@editorjs/header';
import List from '@editorjs/list';
import Table from '@editorjs/table';
import ImageTool from '@editorjs/image';
import Underline from '@editorjs/underline';
import AlignmentTune from 'editorjs-text-alignment-blocktune';
import type { BlockSource } from '../../../lib/editor-html';
import { CAPTION_RULES, HEADER_RULES, LIST_RULES, PARAGRAPH_RULES, TABLE_RULES, type InlineRules } from '../../../lib/editor-html/rules';
import { FONT_FAMILIES, FONT_SIZES, HIGHLIGHT_COLOURS, TEXT_COLOURS } from '../../../lib/editor-html/rules';
import { isRecord, sourceOf } from './tools/shared';
import { QuoteTool } from './tools/quote';
import { CodeTool, PreformattedTool } from './tools/preformatted';
import { DefinitionListTool } from './tools/definition-list';
import { RawPreviewTool } from './tools/raw-preview';
import { DelimiterTool } from './tools/delimiter';
import { GalleryCardTool, type GalleryCardConfig } from './tools/gallery-card';

const ALIGNMENT_NAMES = ['Align left', 'Align centre', 'Align right'];

/**
 * The alignment tune's buttons are bare icons: give each a name and a pressed state so that
 * screen-reader users know which alignment they choose.
 */
class NamedAlignmentTune extends AlignmentTune {
  override render(): HTMLElement {
    const wrapper = super.render();
    const buttons = Array.from(wrapper.querySelectorAll('button'));
    const sync = () =>
      buttons.forEach((button, i) => {
        button.setAttribute('aria-label', ALIGNMENT_NAMES[i] ?? 'Align');
        button.title = ALIGNMENT_NAMES[i] ?? 'Align';
        button.setAttribute('aria-pressed', String(button.className.includes('active')));
      });
    sync();
    buttons.forEach((button) => button.addEventListener('click', () => queueMicrotask(sync)));
    return wrapper;
  }
}

/** The inline toolbar of every text block, in order. */
const INLINE_TOOLBAR = ['bold', 'italic', 'underline', 'link', 'fontFamily', 'fontSize', 'textColor', 'marker'];

/** Editor.js's sanitiser config for a block tool: rules per data field (`true` keeps a field as it is). */
function toolSanitize(fields: Record<string, InlineRules | boolean>): SanitizerConfig {
  // InlineRules is html-janitor's tag config, which is what SanitizerConfig describes.
  return fields as unknown as SanitizerConfig;
}

function setStatic(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { get: () => value, configurable: true });
}

// A mixin's base must be constructible with any arguments (TypeScript's rule for mixins: exactly `any[]`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BlockToolClass = new (...args: any[]) => BlockTool;

interface RememberOptions {
  sanitize: SanitizerConfig;
  /** Text field whose blank value Editor.js would drop: kept while it is still as loaded. */
  keepBlank?: 'text';
}

/**
 * A block tool that keeps the `source` its block was loaded with (see the conversion) in the data
 * it saves, and sanitises with the conversion's rules.
 */
function remembering<T extends BlockToolClass>(Base: T, options: RememberOptions): T {
  class Remembering extends Base {
    readonly #source: BlockSource | undefined;
    readonly #loadedText: string | undefined;

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the mixin rule again
    constructor(...args: any[]) {
      super(...args);
      const data: unknown = isRecord(args[0]) ? args[0].data : undefined;
      this.#source = sourceOf(data);
      this.#loadedText = isRecord(data) && typeof data.text === 'string' ? data.text : undefined;
    }

    override save(block: HTMLElement): BlockToolData {
      const data: unknown = super.save(block);
      return this.#source && isRecord(data) ? { ...data, source: this.#source } : (data as BlockToolData);
    }

    override validate(data: BlockToolData): boolean {
      const valid = super.validate ? super.validate(data) : true;
      if (valid || !options.keepBlank || this.#source === undefined) return valid;
      return isRecord(data) && data.text === this.#loadedText;
    }
  }
  setStatic(Remembering, 'sanitize', options.sanitize);
  return Remembering;
}

const ParagraphTool = remembering(Paragraph, { sanitize: toolSanitize({ text: PARAGRAPH_RULES, source: true }), keepBlank: 'text' });
const HeaderTool = remembering(Header, { sanitize: toolSanitize({ text: HEADER_RULES, level: false, source: true }), keepBlank: 'text' });
const ListTool = remembering(List, { sanitize: toolSanitize({ items: LIST_RULES, style: false, meta: false, source: true }) });
const TableTool = remembering(Table as unknown as BlockToolClass, { sanitize: toolSanitize({ content: TABLE_RULES, source: true }) });

/** What the image tool's uploader must resolve to (@editorjs/image's UploadResponseFormat). */
interface ImageUploadResult {
  success: 0 | 1;
  file: { url: string };
}

/** The image tool's private parts this module relies on (stable across @editorjs/image 2.x). */
interface ImageToolInternals {
  setTune(name: string, value: boolean): void;
  ui: { hidePreloader(): void };
}

let altFieldCount = 0;

class ImageBlockTool extends remembering(ImageTool as unknown as BlockToolClass, {
  // Alt text is plain text, kept as typed (blocksToHtml escapes it).
  sanitize: toolSanitize({ caption: CAPTION_RULES, file: true, alt: true, source: true }),
}) {
  #alt: string;
  readonly #altInput: HTMLInputElement;

  constructor(...args: unknown[]) {
    super(...args);
    // The plugin restores only its own tunes from data; 'responsive' and the alt text are ours.
    const options: unknown = args[0];
    const data: unknown = isRecord(options) ? options.data : undefined;
    if (isRecord(data) && data.responsive === true) (this as unknown as ImageToolInternals).setTune('responsive', true);
    this.#alt = isRecord(data) && typeof data.alt === 'string' ? data.alt : '';
    const input = document.createElement('input');
    input.type = 'text';
    input.className = 'cdx-input editor-image-alt__input';
    input.id = `editor-image-alt-${(altFieldCount += 1)}`;
    input.value = this.#alt;
    input.placeholder = 'Describe the image for people who cannot see it';
    input.readOnly = isRecord(options) && options.readOnly === true;
    input.addEventListener('input', () => (this.#alt = input.value));
    // Editor.js must not take Enter or Backspace in this field for its own block moves.
    input.addEventListener('keydown', (event) => event.stopPropagation());
    input.addEventListener('paste', (event) => event.stopPropagation());
    this.#altInput = input;
  }

  override render(): HTMLElement {
    // @editorjs/image renders synchronously.
    const wrapper = super.render() as HTMLElement;
    const field = document.createElement('div');
    field.className = 'editor-image-alt';
    const label = document.createElement('label');
    label.className = 'editor-image-alt__label';
    label.htmlFor = this.#altInput.id;
    label.textContent = 'Alt text';
    field.append(label, this.#altInput);
    wrapper.append(field);
    return wrapper;
  }

  override save(block: HTMLElement): BlockToolData {
    const data: unknown = super.save(block);
    return isRecord(data) ? { ...data, alt: this.#alt } : (data as BlockToolData);
  }

  /** Once a new image is in, its alt text is asked for: the field under it takes the focus once it shows (the picture has loaded). */
  onUpload(response: unknown): void {
    (ImageTool.prototype as unknown as { onUpload(this: unknown, response: unknown): void }).onUpload.call(this, response);
    if (!isRecord(response) || !response.success) return;
    const input = this.#altInput;
    const started = performance.now();
    const focusWhenShown = () => {
      if (input.offsetParent !== null) input.focus();
      else if (performance.now() - started < 5000) requestAnimationFrame(focusWhenShown);
    };
    requestAnimationFrame(focusWhenShown);
  }

  /** Images enter only through upload (spec section 5): pasted files upload, pasted URLs and tags do not. */
  static get pasteConfig(): PasteConfig {
    return { files: { mimeTypes: ['image/*'] } };
  }
}
// The island has already told the user (toast) why an upload failed: only hide the preloader.
Object.defineProperty(ImageBlockTool.prototype, 'uploadingFailed', {
  value(this: ImageToolInternals) {
    this.ui.hidePreloader();
  },
});

const FONT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 20l4.5-13h1L14 20"/><path d="M5.5 16h7"/><path d="M15 20h6"/><path d="M18 20V8"/><path d="M15.5 8H20.5"/></svg>';
const SIZE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 7V5h10v2"/><path d="M8 5v14"/><path d="M6 19h4"/><path d="M14 12v-1h7v1"/><path d="M17.5 11v8"/><path d="M16 19h3"/></svg>';
const RESPONSIVE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="3" y="5" width="13" height="10" rx="1"/><rect x="17" y="9" width="4" height="10" rx="1"/><path d="M7 19h6"/></svg>';

const COLOUR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7 16l5-12 5 12"/><path d="M8.7 12h6.6"/><path d="M4 20h16" stroke="#d63939" stroke-width="3"/></svg>';
const HIGHLIGHT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9 15l-3 3h4l1.5-1.5"/><path d="M9 15l6.5-9.5a2 2 0 0 1 3 3L12 15z"/><path d="M4 21h16" stroke="#f59f00" stroke-width="3"/></svg>';

function swatch(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="1" width="14" height="14" rx="3" fill="${colour}" stroke="#9aa0ac"/></svg>`;
}

/** What the style tools write (`<span style>`), and the `<font>` existing content has (kept as it is). */
const STYLE_SANITIZE = toolSanitize({ font: { face: true, size: true, color: true, style: true }, span: { style: true } });

type StyleProperty = 'font-family' | 'font-size' | 'color' | 'background-color';

/** Wraps the selection in `<span style="property: value;">` and selects what it wrapped. */
export function wrapSelectionInStyle(property: StyleProperty, value: string): void {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
  const range = selection.getRangeAt(0);
  const span = document.createElement('span');
  span.setAttribute('style', `${property}: ${value};`);
  span.append(range.extractContents());
  range.insertNode(span);
  const wrapped = document.createRange();
  wrapped.selectNodeContents(span);
  selection.removeAllRanges();
  selection.addRange(wrapped);
}

/**
 * An inline tool with a menu of choices, each wrapping the selection in a `<span style>` of its
 * CSS property (font-family, font-size, color, background-color; kept by the rules, rules.ts).
 */
function styleMenuTool(
  title: string,
  icon: string,
  property: StyleProperty,
  choices: ReadonlyArray<{ label: string; value: string; icon?: string }>,
): ToolConstructable {
  class CommandMenuTool implements InlineTool {
    static isInline = true;
    static title = title;
    static get sanitize(): SanitizerConfig {
      return STYLE_SANITIZE;
    }
    readonly #api: API;
    constructor({ api }: InlineToolConstructorOptions) {
      this.#api = api;
    }
    render(): MenuConfig {
      return {
        icon,
        title,
        children: {
          items: choices.map((choice) => ({
            title: choice.label,
            ...(choice.icon ? { icon: choice.icon } : {}),
            onActivate: () => {
              wrapSelectionInStyle(property, choice.value);
              this.#api.inlineToolbar.close();
            },
          })),
        },
      };
    }
  }
  return CommandMenuTool as unknown as ToolConstructable;
}

export interface ToolOptions {
  /** Uploads an image (the builder upload call) and resolves to its address, or null on failure. */
  uploadImage: (file: Blob) => Promise<string | null>;
  /** A gallery's title and thumbnails for the gallery slider's card (none: the card says it cannot load). */
  loadGallery?: GalleryCardConfig['loadGallery'];
}

/** The `tools` of the editor's Editor.js configuration. */
export function buildTools({ uploadImage, loadGallery }: ToolOptions): Record<string, ToolSettings> {
  const textBlock = { inlineToolbar: INLINE_TOOLBAR, tunes: ['alignment'] };
  return {
    paragraph: { class: ParagraphTool as unknown as ToolConstructable, ...textBlock, config: { placeholder: 'Write here…' } },
    header: {
      class: HeaderTool as unknown as ToolConstructable,
      ...textBlock,
      config: { levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2, placeholder: 'Heading' },
    },
    list: { class: ListTool as unknown as ToolConstructable, inlineToolbar: INLINE_TOOLBAR, config: { defaultStyle: 'unordered' } },
    table: { class: TableTool as unknown as ToolConstructable, inlineToolbar: INLINE_TOOLBAR, config: { rows: 2, cols: 2, withHeadings: false } },
    image: {
      class: ImageBlockTool as unknown as ToolConstructable,
      inlineToolbar: INLINE_TOOLBAR,
      config: {
        types: 'image/*',
        captionPlaceholder: 'Caption',
        features: { border: false, background: false, stretch: false, caption: 'optional' },
        actions: [{ name: 'responsive', icon: RESPONSIVE_ICON, title: 'Responsive', toggle: true }],
        uploader: {
          async uploadByFile(file: Blob): Promise<ImageUploadResult> {
            const url = await uploadImage(file);
            if (!url) throw new Error('The image upload failed.');
            return { success: 1, file: { url } };
          },
        },
      },
    },
    quote: { class: QuoteTool as unknown as ToolConstructable, inlineToolbar: INLINE_TOOLBAR },
    code: { class: CodeTool as unknown as ToolConstructable },
    preformatted: { class: PreformattedTool as unknown as ToolConstructable, inlineToolbar: INLINE_TOOLBAR },
    definitionList: { class: DefinitionListTool as unknown as ToolConstructable, inlineToolbar: INLINE_TOOLBAR },
    gallery: { class: GalleryCardTool as unknown as ToolConstructable, config: { loadGallery: loadGallery ?? (() => Promise.resolve(null)) } },
    delimiter: { class: DelimiterTool as unknown as ToolConstructable },
    raw: { class: RawPreviewTool as unknown as ToolConstructable },
    underline: { class: Underline as unknown as ToolConstructable },
    fontFamily: { class: styleMenuTool('Font', FONT_ICON, 'font-family', FONT_FAMILIES) },
    fontSize: { class: styleMenuTool('Size', SIZE_ICON, 'font-size', FONT_SIZES) },
    textColor: { class: styleMenuTool('Text colour', COLOUR_ICON, 'color', TEXT_COLOURS.map((c) => ({ label: c.label, value: c.value, icon: swatch(c.value) }))) },
    marker: {
      class: styleMenuTool('Highlight', HIGHLIGHT_ICON, 'background-color', HIGHLIGHT_COLOURS.map((c) => ({ label: c.label, value: c.value, icon: swatch(c.value) }))),
    },
    alignment: { class: NamedAlignmentTune as unknown as ToolConstructable, config: { default: 'left' } },
  };
}
