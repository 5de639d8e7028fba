/**
 * The gallery slider block: `[gallery_slider id="N"]` in a paragraph of its own, shown as a card
 * of that gallery (its title and first thumbnails, loaded through the island's store) and saved as
 * the same shortcode text. Not editable in place: a gallery is changed on its own screen.
 */
import type { API, BlockTool, BlockToolConstructorOptions, SanitizerConfig } from '@editorjs/editorjs';
import type { GalleryData } from '../../../../lib/editor-html';
import { element, isRecord, sourceOf, withSource } from './shared';

/** What the card shows of a gallery. */
export interface GalleryPreview {
  title: string;
  /** The first few thumbnails' addresses and alt texts. */
  thumbnails: Array<{ src: string; alt: string }>;
}

export interface GalleryCardConfig {
  /** The gallery's title and thumbnails, or null when it cannot be loaded (deleted, or the call failed). */
  loadGallery: (id: number) => Promise<GalleryPreview | null>;
}

/** How many thumbnails the card shows. */
const THUMBNAILS = 4;

export class GalleryCardTool implements BlockTool {
  static get sanitize(): SanitizerConfig {
    return { id: false, source: true } as unknown as SanitizerConfig;
  }
  static get isReadOnlySupported() {
    return true;
  }

  readonly #data: GalleryData;
  readonly #config: GalleryCardConfig | undefined;
  readonly #api: API;

  constructor({ data, config, api }: BlockToolConstructorOptions<GalleryData, GalleryCardConfig>) {
    const id = isRecord(data) ? Number(data.id) : NaN;
    this.#data = withSource({ id: Number.isSafeInteger(id) ? id : 0 }, sourceOf(data));
    this.#config = config;
    this.#api = api;
  }

  render(): HTMLElement {
    const { id } = this.#data;
    const card = element('div', `${this.#api.styles.block} editor-gallery-card`, { role: 'group', 'aria-label': `Gallery slider ${id}` });
    const heading = element('p', 'editor-gallery-card__title');
    heading.textContent = `Gallery ${id}`;
    const status = element('p', 'editor-gallery-card__status', { 'aria-live': 'polite' });
    status.textContent = 'Loading gallery…';
    const strip = element('div', 'editor-gallery-card__thumbnails');
    const note = element('p', 'editor-gallery-card__note');
    note.textContent = `Shows as a slider on the site (${`[gallery_slider id="${id}"]`}).`;
    card.append(heading, strip, status, note);
    void (this.#config?.loadGallery(id) ?? Promise.resolve(null)).then((gallery) => {
      if (!gallery) {
        status.textContent = `Gallery ${id} could not be loaded.`;
        return;
      }
      heading.textContent = `Gallery: ${gallery.title || `Gallery ${id}`}`;
      card.setAttribute('aria-label', `Gallery slider: ${gallery.title || id}`);
      const count = gallery.thumbnails.length;
      status.textContent = count === 0 ? 'No images yet' : count === 1 ? '1 image' : `${count} images`;
      for (const thumbnail of gallery.thumbnails.slice(0, THUMBNAILS)) {
        strip.append(element('img', 'editor-gallery-card__thumbnail', { src: thumbnail.src, alt: thumbnail.alt, width: '72', height: '72', loading: 'lazy' }));
      }
    });
    return card;
  }

  save(): GalleryData {
    return this.#data;
  }
}
