import { GALLERY_SLIDER_PATTERN, type Gallery } from '../../../contract';

/**
 * Shortcodes on the public site. Only the gallery slider (`[gallery_slider id="N"]`, which the
 * editor inserts) is expanded; every other shortcode stays as the text it is. Pure functions: the
 * caller passes how to load the galleries, so they are tested without a database.
 */

/** Loads every gallery a piece of content names at once; ids without a gallery are left out. */
export type GalleryLoader = (ids: number[]) => Promise<ReadonlyMap<number, Gallery>>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Image addresses a slider may show: http(s) or a path on this site. */
function isSafeImageSrc(src: string): boolean {
  return /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src);
}

/** The gallery ids a piece of content's sliders name, in order, each once. */
export function galleryIdsIn(html: string): number[] {
  const pattern = new RegExp(GALLERY_SLIDER_PATTERN.source, 'g');
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

/**
 * The slider of a gallery: a scrollable list of its images that works without JavaScript (scroll
 * snapping); the site's small slider script adds Previous/Next buttons. Each image says its alt
 * text (its title when it has none, then its place in the gallery: a content image is never
 * silent) and shows its caption under it. Empty for a gallery without images.
 */
export function renderGallerySlider(gallery: Gallery): string {
  const images = gallery.gallery_data.gallery.filter((image) => isSafeImageSrc(image.src));
  if (images.length === 0) return '';
  const title = gallery.post_title.trim() || 'Gallery';
  const slides = images
    .map((image, index) => {
      const alt = image.alt.trim() || image.title.trim() || `${title}, image ${index + 1} of ${images.length}`;
      const img = `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async" />`;
      const caption = image.caption.trim();
      const content = caption
        ? `<figure class="gallery-slider__figure">${img}<figcaption class="gallery-slider__image-caption">${escapeHtml(caption)}</figcaption></figure>`
        : img;
      return `<li class="gallery-slider__slide">${content}</li>`;
    })
    .join('');
  return (
    `<figure class="gallery-slider" data-gallery-slider>` +
    `<ul class="gallery-slider__track" tabindex="0" aria-label="${escapeHtml(`${title} (${images.length} ${images.length === 1 ? 'image' : 'images'})`)}">${slides}</ul>` +
    `<figcaption class="gallery-slider__caption">${escapeHtml(title)}</figcaption>` +
    `</figure>`
  );
}

/**
 * Replaces each `[gallery_slider id="N"]` with the gallery's slider (or nothing when the school
 * has no such gallery). A shortcode alone in a paragraph replaces the paragraph, so the slider
 * is not nested in a <p>. The galleries are loaded with one call, whatever their number.
 */
export async function expandGallerySliders(html: string, load: GalleryLoader): Promise<string> {
  const ids = galleryIdsIn(html);
  if (ids.length === 0) return html;
  const galleries = await load(ids);
  const rendered = new Map<number, string>();
  for (const id of ids) {
    const gallery = galleries.get(id);
    rendered.set(id, gallery ? renderGallerySlider(gallery) : '');
  }
  const source = GALLERY_SLIDER_PATTERN.source;
  const slider = (id: string | undefined) => rendered.get(Number(id)) ?? '';
  return html
    .replace(new RegExp(`<p>\\s*${source}\\s*</p>`, 'g'), (_m, id: string) => slider(id))
    .replace(new RegExp(source, 'g'), (_m, id: string) => slider(id));
}
