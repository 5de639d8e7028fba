/** Shortcodes the editors insert and the public site renders: the HTML converter writes them, the website reads them. */

/** The gallery slider shortcode the editor inserts and the public site renders. */
export function gallerySliderShortcode(galleryId: number): string {
  return `[gallery_slider id="${galleryId}"]`;
}
export const GALLERY_SLIDER_PATTERN = /\[gallery_slider id="(\d+)"\]/g;
