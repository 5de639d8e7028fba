/** The delimiter block: a thematic break (`<hr>`), drawn as a line. */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { DelimiterData } from '../../../../lib/editor-html';
import { element, sourceOf, withSource } from './shared';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M4 12h16"/></svg>';

export class DelimiterTool implements BlockTool {
  static get toolbox() {
    return { title: 'Delimiter', icon: ICON };
  }
  static get sanitize(): SanitizerConfig {
    return { source: true } as unknown as SanitizerConfig;
  }
  static get isReadOnlySupported() {
    return true;
  }

  readonly #data: DelimiterData;
  readonly #api: API;

  constructor({ data, api }: BlockToolConstructorOptions) {
    this.#data = withSource({}, sourceOf(data));
    this.#api = api;
  }

  render(): HTMLElement {
    const wrapper = element('div', `${this.#api.styles.block} editor-delimiter`);
    wrapper.append(element('hr', 'editor-delimiter__line'));
    return wrapper;
  }

  save(): DelimiterData {
    return this.#data;
  }
}
