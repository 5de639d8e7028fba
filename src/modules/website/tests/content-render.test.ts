import { describe, expect, it } from 'vitest';
import type { Gallery } from '../contract';
import { expandGallerySliders, galleryIdsIn, renderGallerySlider } from '../server/embedded/site/shortcodes';
import { excerptOf } from '../server/embedded/site/service';
import { escapeLike } from '../../../platform/db/search';
import { nextFreeSlug, slugify } from '../server/embedded/content/slugs';
import { pageUrl, postUrl } from '../server/embedded/content/urls';

function gallery(id: number, title: string, images: Array<{ id: number; src: string; title: string }>): Gallery {
  return { id, post_title: title, post_date: '2025-06-15T00:00:00.000Z', gallery_data: { gallery: images.map((image) => ({ alt: '', caption: '', ...image })) } };
}

const SPORTS = gallery(3, 'Sports day', [
  { id: 1, src: '/uploads/demo.school/a.jpg', title: 'Start' },
  { id: 2, src: '/uploads/demo.school/b.jpg', title: '' },
]);

describe('gallery slider shortcodes', () => {
  it('finds the gallery ids named in content', () => {
    expect(galleryIdsIn('[gallery_slider id="3"] x [gallery_slider id="7"] [gallery_slider id="3"] [gallery id="9"]')).toEqual([3, 7]);
    expect(galleryIdsIn('no shortcodes')).toEqual([]);
  });

  it('renders a gallery as an accessible list of its images', () => {
    const html = renderGallerySlider(SPORTS);
    expect(html).toContain('data-gallery-slider');
    expect(html).toContain('aria-label="Sports day (2 images)"');
    expect(html).toContain('<img src="/uploads/demo.school/a.jpg" alt="Start"');
    expect(html).toContain('alt="Sports day, image 2 of 2"');
    expect(html).toContain('<figcaption class="gallery-slider__caption">Sports day</figcaption>');
  });

  it('escapes titles and addresses and drops unsafe addresses', () => {
    const html = renderGallerySlider(
      gallery(1, '<b>"Fun"</b>', [
        { id: 1, src: '/uploads/x.jpg?a=1&b="2"', title: '<script>alert(1)</script>' },
        { id: 2, src: 'javascript:alert(1)', title: 'bad' },
        { id: 3, src: '//evil.example/x.jpg', title: 'protocol-relative' },
      ]),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('src="/uploads/x.jpg?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('alt="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('renders nothing for a gallery without images', () => {
    expect(renderGallerySlider(gallery(2, 'Empty', []))).toBe('');
  });

  it('expands each slider shortcode, replacing a paragraph that holds only the shortcode', async () => {
    const asked: number[] = [];
    const load = async (ids: number[]) => {
      asked.push(...ids);
      return new Map(ids.includes(3) ? [[3, SPORTS]] : []);
    };
    const html = await expandGallerySliders('<p>Intro [gallery_slider id="3"]</p>\n<p>[gallery_slider id="3"]</p>\n<p>[gallery_slider id="99"]</p>[caption]x[/caption]', load);
    const slider = renderGallerySlider(SPORTS);
    expect(html).toBe(`<p>Intro ${slider}</p>\n${slider}\n[caption]x[/caption]`);
    expect(asked).toEqual([3, 99]);
  });

  it('leaves content without sliders as it is, without loading anything', async () => {
    const load = async () => {
      throw new Error('should not load');
    };
    expect(await expandGallerySliders('<p>[gallery ids="1"] plain</p>', load)).toBe('<p>[gallery ids="1"] plain</p>');
  });
});

describe('excerptOf', () => {
  it('takes the first words of the text, without tags or shortcodes', () => {
    expect(excerptOf('<p>Hello <strong>there</strong> [gallery_slider id="1"] friends &amp; family</p>')).toBe('Hello there friends & family');
    expect(excerptOf('<p>one two three four five</p>', 3)).toBe('one two three…');
  });
});

describe('slugs and addresses', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Sports Day: 2025!  ', 'sports-day-2025'],
    ["Parents' evening", 'parents-evening'],
    ['Crème brûlée', 'creme-brulee'],
    ['Επίπεδο 2', 'επιπεδο-2'],
    ['!!!', 'untitled'],
    ['', 'untitled'],
  ])('slugify(%j) = %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps slugs short enough for the column', () => {
    expect(slugify('word '.repeat(100)).length).toBeLessThanOrEqual(180);
    expect(slugify('word '.repeat(100))).not.toMatch(/-$/);
  });

  it('picks the next free slug', () => {
    expect(nextFreeSlug('news', new Set())).toBe('news');
    expect(nextFreeSlug('news', new Set(['news']))).toBe('news-2');
    expect(nextFreeSlug('news', new Set(['news', 'news-2', 'news-3']))).toBe('news-4');
  });

  it('builds public addresses with encoded slugs', () => {
    expect(postUrl('demo.school', 'hello')).toBe('/sites/demo.school/posts/hello');
    expect(pageUrl('demo.school', 'επίπεδο-2')).toBe('/sites/demo.school/%CE%B5%CF%80%CE%AF%CF%80%CE%B5%CE%B4%CE%BF-2');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
