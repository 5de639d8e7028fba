/**
 * The raw-HTML block (whatever the typed tools cannot write exactly): shown as its rendered,
 * made-safe preview (preview.ts), with an 'Edit HTML' toggle button that swaps the preview for its
 * source in a labelled text box and back. Saved as the source, exactly as it is (or as edited).
 * A new raw block, made from the toolbox, opens on its source.
 */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { RawData } from '../../../../lib/editor-html';
import { rawPreviewFragment } from '../preview';
import { element, stringField } from './shared';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9 8l-4 4 4 4"/><path d="M15 8l4 4-4 4"/></svg>';

let nextId = 0;

export class RawPreviewTool implements BlockTool {
  static get toolbox() {
    return { title: 'HTML', icon: ICON };
  }
  static get sanitize(): SanitizerConfig {
    // Raw HTML is kept as written (the server's sanitiser applies on save).
    return { html: true } as unknown as SanitizerConfig;
  }
  static get enableLineBreaks() {
    return true;
  }
  static get isReadOnlySupported() {
    return true;
  }

  #html: string;
  readonly #readOnly: boolean;
  readonly #api: API;
  #textarea: HTMLTextAreaElement | null = null;

  constructor({ data, readOnly, api }: BlockToolConstructorOptions) {
    this.#html = stringField(data, 'html');
    this.#readOnly = readOnly;
    this.#api = api;
  }

  render(): HTMLElement {
    const id = `editor-raw-${(nextId += 1)}`;
    const wrapper = element('div', `${this.#api.styles.block} editor-raw`);
    const bar = element('div', 'editor-raw__bar');
    const label = element('span', 'editor-raw__label', { id: `${id}-label` });
    label.textContent = 'HTML block';
    const toggle = element('button', 'editor-raw__toggle btn btn-sm', { type: 'button', 'aria-pressed': 'false', 'aria-controls': `${id}-source` });
    toggle.textContent = 'Edit HTML';
    const preview = element('div', 'editor-raw__preview', { role: 'group', 'aria-labelledby': `${id}-label` });
    const textarea = element('textarea', 'editor-raw__source', { id: `${id}-source`, 'aria-label': 'HTML source', spellcheck: 'false' });
    textarea.value = this.#html;
    textarea.readOnly = this.#readOnly;
    const fit = () => {
      textarea.style.height = 'auto';
      textarea.style.height = `${textarea.scrollHeight + 2}px`;
    };
    textarea.addEventListener('input', fit);
    // Clicks on the preview's links must not leave the editor.
    preview.addEventListener('click', (event) => event.preventDefault());

    const show = (editing: boolean) => {
      toggle.setAttribute('aria-pressed', String(editing));
      textarea.hidden = !editing;
      preview.hidden = editing;
      if (!editing) preview.replaceChildren(rawPreviewFragment(textarea.value, document));
      else queueMicrotask(fit);
    };
    toggle.addEventListener('click', () => {
      const editing = toggle.getAttribute('aria-pressed') !== 'true';
      show(editing);
      if (editing) textarea.focus();
    });
    bar.append(label);
    if (!this.#readOnly) bar.append(toggle);
    wrapper.append(bar, preview, textarea);
    this.#textarea = textarea;
    show(this.#html === '' && !this.#readOnly);
    return wrapper;
  }

  save(): RawData {
    return { html: this.#textarea?.value ?? this.#html };
  }
}
