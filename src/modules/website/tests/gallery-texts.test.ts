import { describe, expect, it } from 'vitest';
import type { Gallery } from '../contract';
import { renderGallerySlider } from '../server/embedded/site/shortcodes';
import { changedTexts, createGalleryEditor, type GalleryEditorTile } from '../client/stores/gallery';

function gallery(images: Array<{ id: number; title: string; alt: string; caption: string }>): Gallery {
  return {
    id: 4,
    post_title: 'Sports day',
    post_date: '2025-06-15T00:00:00.000Z',
    gallery_data: { gallery: images.map((image) => ({ ...image, src: `/uploads/demo.school/${image.id}.jpg` })) },
  };
}

describe('the public slider’s alt texts and captions', () => {
  it('uses the alt text, then the title, then the image’s place: never an empty alt', () => {
    const html = renderGallerySlider(
      gallery([
        { id: 1, title: 'Start', alt: 'Runners on the start line', caption: '' },
        { id: 2, title: 'Finish', alt: '  ', caption: '' },
        { id: 3, title: ' ', alt: '', caption: '' },
      ]),
    );
    expect(html).toContain('<img src="/uploads/demo.school/1.jpg" alt="Runners on the start line"');
    expect(html).toContain('<img src="/uploads/demo.school/2.jpg" alt="Finish"');
    expect(html).toContain('<img src="/uploads/demo.school/3.jpg" alt="Sports day, image 3 of 3"');
    expect(html).not.toContain('alt=""');
  });

  it('shows a caption under its image, escaped, and no caption element for an image without one', () => {
    const html = renderGallerySlider(
      gallery([
        { id: 1, title: 'Start', alt: '"Quoted" <b>alt</b> & more', caption: '  Year 6 & 5 <img src=x onerror=alert(1)>  ' },
        { id: 2, title: 'Finish', alt: 'Finish', caption: '   ' },
      ]),
    );
    expect(html).toContain('alt="&quot;Quoted&quot; &lt;b&gt;alt&lt;/b&gt; &amp; more"');
    expect(html).toContain(
      '<li class="gallery-slider__slide"><figure class="gallery-slider__figure"><img src="/uploads/demo.school/1.jpg" alt="&quot;Quoted&quot; &lt;b&gt;alt&lt;/b&gt; &amp; more" loading="lazy" decoding="async" />' +
        '<figcaption class="gallery-slider__image-caption">Year 6 &amp; 5 &lt;img src=x onerror=alert(1)&gt;</figcaption></figure></li>',
    );
    expect(html).toContain('<li class="gallery-slider__slide"><img src="/uploads/demo.school/2.jpg" alt="Finish" loading="lazy" decoding="async" /></li>');
    expect(html.match(/gallery-slider__image-caption/g)).toHaveLength(1);
  });
});

const tile = (id: number, alt: string, caption = ''): GalleryEditorTile => ({ id, title: `Image ${id}`, thumb: `/t/${id}.jpg`, alt, caption });

describe('the gallery editor’s texts', () => {
  it('sends only the texts changed since they were saved, trimmed as the server keeps them', () => {
    const saved = new Map([
      [1, { alt: 'One', caption: '' }],
      [2, { alt: 'Two', caption: 'Second' }],
    ]);
    expect(changedTexts([tile(1, 'One'), tile(2, 'Two', 'Second')], saved)).toEqual([]);
    // Spaces around a saved text change nothing the server would keep.
    expect(changedTexts([tile(1, ' One '), tile(2, 'Two', 'Second ')], saved)).toEqual([]);
    expect(changedTexts([tile(1, ' Uno '), tile(2, 'Two', '')], saved)).toEqual([
      { id: 1, alt: 'Uno', caption: '' },
      { id: 2, alt: 'Two', caption: '' },
    ]);
    // An image the screen has no saved texts for sends its own.
    expect(changedTexts([tile(3, 'Three', 'New')], saved)).toEqual([{ id: 3, alt: 'Three', caption: 'New' }]);
  });

  it('counts a text edit as unsaved work (the leave guard asks)', () => {
    const store = createGalleryEditor({ galleryId: 9, tiles: [tile(1, 'One'), tile(2, 'Two')] });
    expect(store.$dirty.get()).toBe(false);
    store.setText(1, 'alt', 'One');
    expect(store.$dirty.get()).toBe(false);
    store.setText(2, 'caption', 'At the finish');
    expect(store.$dirty.get()).toBe(true);
    expect(store.$tiles.get().map((t) => [t.alt, t.caption])).toEqual([
      ['One', ''],
      ['Two', 'At the finish'],
    ]);
  });
});
