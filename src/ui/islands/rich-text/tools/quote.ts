/**
 * The quote block: `<blockquote [cite]><p>text</p>[<cite>citation</cite>]</blockquote>` (the one
 * shape the conversion maps to it). The quotation's source address (the cite attribute) is kept
 * as loaded; the text and the citation are edited in place.
 */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { QuoteData } from '../../../../lib/editor-html';
import { QUOTE_RULES } from '../../../../lib/editor-html/rules';
import { editableField, element, sourceOf, stringField, withSource } from './shared';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M10 11H6a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v6c0 2.7-1.3 4.3-4 5"/><path d="M19 11h-4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v6c0 2.7-1.3 4.3-4 5"/></svg>';

export class QuoteTool implements BlockTool {
  static get toolbox() {
    return { title: 'Quote', icon: ICON };
  }
  static get sanitize(): SanitizerConfig {
    // html-janitor's tag rules are what SanitizerConfig describes.
    return { text: QUOTE_RULES, caption: QUOTE_RULES, url: true, source: true } as unknown as SanitizerConfig;
  }
  static get isReadOnlySupported() {
    return true;
  }
  /** Text blocks become a quote and back (the fixed toolbar's Quote button). */
  static get conversionConfig() {
    return { export: 'text', import: 'text' };
  }

  readonly #data: QuoteData;
  readonly #readOnly: boolean;
  readonly #api: API;
  #text: HTMLDivElement | null = null;
  #caption: HTMLDivElement | null = null;

  constructor({ data, readOnly, api }: BlockToolConstructorOptions) {
    const url = stringField(data, 'url');
    this.#data = withSource({ text: stringField(data, 'text'), caption: stringField(data, 'caption'), ...(url ? { url } : {}) }, sourceOf(data));
    this.#readOnly = readOnly;
    this.#api = api;
  }

  render(): HTMLElement {
    const wrapper = element('blockquote', `${this.#api.styles.block} editor-quote`);
    this.#text = editableField('editor-quote__text', 'Quote', this.#data.text, this.#readOnly);
    this.#caption = editableField('editor-quote__caption', 'Citation (optional)', this.#data.caption, this.#readOnly);
    wrapper.append(this.#text, this.#caption);
    return wrapper;
  }

  save(): QuoteData {
    const { url, source } = this.#data;
    const saved = { text: this.#text?.innerHTML ?? this.#data.text, caption: this.#caption?.innerHTML ?? this.#data.caption, ...(url ? { url } : {}) };
    return withSource(saved, source);
  }

  validate(data: QuoteData): boolean {
    // An emptied quote goes, as an emptied paragraph does (Editor.js drops blocks that fail this).
    return data.text.replace(/<br\s*\/?>|&nbsp;/g, '').trim() !== '';
  }
}
