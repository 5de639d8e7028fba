/**
 * What the editor's own block tools share: reading the data Editor.js hands them (untyped), the
 * `source` a loaded block keeps (see src/lib/editor-html), and building their elements.
 */
import type { BlockSource } from '../../../../lib/editor-html';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sourceOf(data: unknown): BlockSource | undefined {
  if (!isRecord(data) || !isRecord(data.source)) return undefined;
  const { html, fingerprint } = data.source;
  return typeof html === 'string' && typeof fingerprint === 'string' ? { html, fingerprint } : undefined;
}

/** The source to save with a block's data: kept while the block has it (the conversion decides whether it still applies). */
export function withSource<T extends object>(data: T, source: BlockSource | undefined): T | (T & { source: BlockSource }) {
  return source ? { ...data, source } : data;
}

export function stringField(data: unknown, name: string): string {
  return isRecord(data) && typeof data[name] === 'string' ? data[name] : '';
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** A contenteditable field of a block: a named textbox (its placeholder shown by editor.css while it is empty). */
export function editableField(className: string, label: string, html: string, readOnly: boolean, multiline = false): HTMLDivElement {
  const field = element('div', `${className} cdx-input-free`, { role: 'textbox', 'aria-label': label, 'data-placeholder': label });
  if (multiline) field.setAttribute('aria-multiline', 'true');
  field.contentEditable = readOnly ? 'false' : 'true';
  field.innerHTML = html;
  return field;
}
