/**
 * Code (`<pre><code>`, plain text in a textarea, escaped when written) and preformatted text
 * (`<pre>`, inline HTML in a contenteditable pre: spaces, tabs and line breaks kept as typed). Both
 * take Enter as a line break, not as a new block.
 */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { CodeData, PreformattedData } from '../../../../lib/editor-html';
import { PREFORMATTED_RULES } from '../../../../lib/editor-html/rules';
import { editableField, element, sourceOf, stringField, withSource } from './shared';

const CODE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7 8l-4 4 4 4"/><path d="M17 8l4 4-4 4"/><path d="M14 4l-4 16"/></svg>';
const PRE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 6h16"/><path d="M8 10h12"/><path d="M8 14h8"/><path d="M4 18h12"/></svg>';

/** Rows enough to show the whole code without a scroll bar of its own. */
function fitRows(textarea: HTMLTextAreaElement): void {
  textarea.rows = Math.max(2, textarea.value.split('\n').length);
}

export class CodeTool implements BlockTool {
  static get toolbox() {
    return { title: 'Code', icon: CODE_ICON };
  }
  static get sanitize(): SanitizerConfig {
    // Code is plain text, never HTML: kept as typed (blocksToHtml escapes it).
    return { code: true, source: true } as unknown as SanitizerConfig;
  }
  static get enableLineBreaks() {
    return true;
  }
  static get isReadOnlySupported() {
    return true;
  }

  readonly #data: CodeData;
  readonly #readOnly: boolean;
  readonly #api: API;
  #textarea: HTMLTextAreaElement | null = null;

  constructor({ data, readOnly, api }: BlockToolConstructorOptions) {
    this.#data = withSource({ code: stringField(data, 'code') }, sourceOf(data));
    this.#readOnly = readOnly;
    this.#api = api;
  }

  render(): HTMLElement {
    const wrapper = element('div', `${this.#api.styles.block} editor-code`);
    const textarea = element('textarea', 'editor-code__text', { 'aria-label': 'Code', placeholder: 'Code', spellcheck: 'false' });
    textarea.value = this.#data.code;
    textarea.readOnly = this.#readOnly;
    fitRows(textarea);
    textarea.addEventListener('input', () => fitRows(textarea));
    // Tab indents inside code; Escape then Tab leaves (the usual way out of a code box).
    let escaped = false;
    textarea.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') escaped = true;
      else if (event.key === 'Tab' && !event.shiftKey && !escaped) {
        event.preventDefault();
        event.stopPropagation();
        document.execCommand('insertText', false, '\t');
      } else escaped = false;
    });
    this.#textarea = textarea;
    wrapper.append(textarea);
    return wrapper;
  }

  save(): CodeData {
    return withSource({ code: this.#textarea?.value ?? this.#data.code }, this.#data.source);
  }

  validate(data: CodeData): boolean {
    return data.code.trim() !== '';
  }
}

export class PreformattedTool implements BlockTool {
  static get toolbox() {
    return { title: 'Preformatted text', icon: PRE_ICON };
  }
  static get sanitize(): SanitizerConfig {
    return { text: PREFORMATTED_RULES, source: true } as unknown as SanitizerConfig;
  }
  static get enableLineBreaks() {
    return true;
  }
  static get isReadOnlySupported() {
    return true;
  }

  readonly #data: PreformattedData;
  readonly #readOnly: boolean;
  readonly #api: API;
  #field: HTMLDivElement | null = null;

  constructor({ data, readOnly, api }: BlockToolConstructorOptions) {
    this.#data = withSource({ text: stringField(data, 'text') }, sourceOf(data));
    this.#readOnly = readOnly;
    this.#api = api;
  }

  render(): HTMLElement {
    const wrapper = element('div', `${this.#api.styles.block} editor-pre`);
    const field = editableField('editor-pre__text', 'Preformatted text', this.#data.text, this.#readOnly, true);
    // A line break in the text itself, not a <br> or a <div> (the text is white-space: pre).
    field.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      document.execCommand('insertText', false, '\n');
    });
    this.#field = field;
    wrapper.append(field);
    return wrapper;
  }

  save(): PreformattedData {
    return withSource({ text: this.#field?.innerHTML ?? this.#data.text }, this.#data.source);
  }

  validate(data: PreformattedData): boolean {
    return data.text.replace(/<[^>]*>/g, '').trim() !== '';
  }
}
