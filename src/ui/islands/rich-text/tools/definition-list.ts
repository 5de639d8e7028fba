/**
 * The definition list block: terms (`<dt>`) and descriptions (`<dd>`) in order, one editable row
 * each. Enter adds a row after the current one (a description after a term, a term after a
 * description); Backspace in an empty row removes it; each row's button switches it between term
 * and description.
 */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { DefinitionItem, DefinitionKind, DefinitionListData } from '../../../../lib/editor-html';
import { DEFINITION_RULES } from '../../../../lib/editor-html/rules';
import { editableField, element, isRecord, sourceOf, withSource } from './shared';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 6h9"/><path d="M8 10h12"/><path d="M4 14h9"/><path d="M8 18h12"/></svg>';

const LABEL: Readonly<Record<DefinitionKind, string>> = { term: 'Term', description: 'Description' };
const OTHER: Readonly<Record<DefinitionKind, DefinitionKind>> = { term: 'description', description: 'term' };

function itemsOf(data: unknown): DefinitionItem[] {
  if (!isRecord(data) || !Array.isArray(data.items)) return [];
  return (data.items as unknown[]).flatMap((item) =>
    isRecord(item) && (item.kind === 'term' || item.kind === 'description') && typeof item.text === 'string' ? [{ kind: item.kind, text: item.text }] : [],
  );
}

export class DefinitionListTool implements BlockTool {
  static get toolbox() {
    return { title: 'Definition list', icon: ICON };
  }
  static get sanitize(): SanitizerConfig {
    // The rules apply to each item's text (and leave its kind, a plain word, as it is).
    return { items: DEFINITION_RULES, source: true } as unknown as SanitizerConfig;
  }
  static get enableLineBreaks() {
    return true;
  }
  static get isReadOnlySupported() {
    return true;
  }

  readonly #data: DefinitionListData;
  readonly #readOnly: boolean;
  readonly #api: API;
  #list: HTMLDListElement | null = null;

  constructor({ data, readOnly, api }: BlockToolConstructorOptions) {
    const items = itemsOf(data);
    this.#data = withSource({ items: items.length > 0 ? items : [{ kind: 'term' as const, text: '' }] }, sourceOf(data));
    this.#readOnly = readOnly;
    this.#api = api;
  }

  render(): HTMLElement {
    const list = element('dl', `${this.#api.styles.block} editor-dl`);
    for (const item of this.#data.items) list.append(this.#row(item));
    this.#list = list;
    return list;
  }

  #row({ kind, text }: DefinitionItem): HTMLElement {
    const row = element(kind === 'term' ? 'dt' : 'dd', `editor-dl__row editor-dl__row--${kind}`, { 'data-kind': kind });
    const field = editableField('editor-dl__text', LABEL[kind], text, this.#readOnly);
    row.append(field);
    if (this.#readOnly) return row;
    const toggle = element('button', 'editor-dl__kind', { type: 'button', title: `Make this a ${LABEL[OTHER[kind]].toLowerCase()}` });
    toggle.textContent = LABEL[kind];
    toggle.setAttribute('aria-label', `${LABEL[kind]}: make it a ${LABEL[OTHER[kind]].toLowerCase()}`);
    toggle.addEventListener('click', () => {
      const replacement = this.#row({ kind: OTHER[kind], text: field.innerHTML });
      row.replaceWith(replacement);
      replacement.querySelector<HTMLElement>('.editor-dl__kind')?.focus();
    });
    row.prepend(toggle);
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        const next = this.#row({ kind: OTHER[kind], text: '' });
        row.after(next);
        next.querySelector<HTMLElement>('.editor-dl__text')?.focus();
      } else if (event.key === 'Backspace' && field.textContent === '' && (this.#list?.children.length ?? 0) > 1) {
        event.preventDefault();
        const previous = row.previousElementSibling ?? row.nextElementSibling;
        row.remove();
        const target = previous?.querySelector<HTMLElement>('.editor-dl__text');
        if (target) {
          target.focus();
          window.getSelection()?.selectAllChildren(target);
          window.getSelection()?.collapseToEnd();
        }
      }
    });
    return row;
  }

  save(): DefinitionListData {
    const rows = this.#list ? Array.from(this.#list.querySelectorAll<HTMLElement>('.editor-dl__row')) : [];
    const items = rows.length
      ? rows.map((row) => ({ kind: row.dataset.kind === 'description' ? ('description' as const) : ('term' as const), text: row.querySelector('.editor-dl__text')?.innerHTML ?? '' }))
      : this.#data.items;
    return withSource({ items }, this.#data.source);
  }

  validate(data: DefinitionListData): boolean {
    return data.items.some((item) => item.text.replace(/<[^>]*>/g, '').trim() !== '');
  }
}
