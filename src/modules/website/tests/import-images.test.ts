import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../server/embedded/content/sanitize';
import {
  collectExternalPictures,
  externalPictureKey,
  pictureSize,
  rewriteExternalPictures,
  type PictureHints,
} from '../server/embedded/import/images';
import { placeholderPng, placeholderSvg } from '../server/embedded/import/placeholders';
import { parseWxr } from '../server/embedded/import/wxr';

/**
 * The import's picture rewriting (src/modules/website/server/embedded/import/images.ts): pictures hot-linked from
 * other sites found and replaced by local addresses, everything else byte for byte, the result
 * still clean for the sanitiser.
 */

const A = 'https://pics.example.org/2008/06/canola2.jpg';
const B = 'https://pics.example.org/2013/03/image-alignment-1200x4002.jpg';

/** A mapping that knows every picture: key -> /uploads/test/<n>.png. */
function localEverything() {
  const known = new Map<string, string>();
  return {
    known,
    address: (key: string) => {
      if (!known.has(key)) known.set(key, `/uploads/test.school/${String(known.size).padStart(32, '0')}.png`);
      return known.get(key);
    },
  };
}

/** Content as it is stored: through the sanitiser. */
const stored = (html: string) => sanitizeContent(html);

/** Any address on another site left where a browser would load a picture or follow a link to one. */
function externalPictureReferences(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(img|source)\b[^>]*?\s(?:src|srcset)="([^"]*)"/gi)) if (/(?:https?:)?\/\//i.test(m[2] ?? '')) found.push(m[0]);
  for (const m of html.matchAll(/\sposter="([^"]*)"/gi)) if (/(?:https?:)?\/\//i.test(m[1] ?? '')) found.push(m[0]);
  for (const m of html.matchAll(/url\(\s*(?:&quot;|['"])?((?:https?:)?\/\/[^)]*)\)/gi)) found.push(m[0]);
  for (const m of html.matchAll(/<a\b[^>]*\shref="((?:https?:)?\/\/[^"]*\.(?:jpe?g|png|gif|webp|avif|bmp|svg))"/gi)) found.push(m[0]);
  return found;
}

describe('externalPictureKey', () => {
  it('names a picture on another site by its address without query and fragment', () => {
    expect(externalPictureKey(`${A}?w=150#x`)).toBe(A);
    expect(externalPictureKey('//pics.example.org/a.jpg')).toBe('https://pics.example.org/a.jpg');
    expect(externalPictureKey('HTTP://Pics.Example.org/a.jpg')).toBe('http://pics.example.org/a.jpg');
  });

  it('leaves local and non-web addresses alone', () => {
    for (const address of ['/uploads/demo.school/a.png', 'photo.jpg', '../a.jpg', 'mailto:a@b.c', 'data:image/png;base64,AAAA', '', 'https://']) {
      expect(externalPictureKey(address), address).toBeNull();
    }
  });
});

describe('rewriteExternalPictures', () => {
  it('rewrites <img src>, srcset, <picture> sources, posters, CSS backgrounds and links to image files', () => {
    const html = stored(
      `<p><a href="${A}"><img src="${A}?w=150" alt="Canola" width="150" height="113" /></a></p>` +
        `<img src="/uploads/demo.school/00000000000000000000000000000000.png" srcset="${B} 1200w,${A}?w=300 300w, /local.png 2x" alt="" />` +
        `<picture><source srcset="${B}" type="image/jpeg" /><img src="${B}" alt="Alignment" /></picture>` +
        `<video controls poster="${A}" src="/uploads/demo.school/00000000000000000000000000000001.mp4"></video>` +
        `<div class="wp-block-cover" style="background-image:url(${B});min-height:274px"><p>Cover</p></div>` +
        `<div style='background:url("${A}")'>Quoted</div>` +
        `<p><a href="https://pics.example.org/2010/09/10/post-format-gallery/">A page</a> <a href="https://pics.example.org/file.pdf">A file</a></p>`,
    );
    const map = localEverything();
    const out = rewriteExternalPictures(html, map.address);
    expect(externalPictureReferences(out)).toEqual([]);
    expect(map.known.size).toBe(2);
    const [localA, localB] = [map.known.get(A), map.known.get(B)];
    expect(out).toContain(`<a href="${localA}"><img src="${localA}" alt="Canola" width="150" height="113" /></a>`);
    expect(out).toContain(`srcset="${localB} 1200w, ${localA} 300w, /local.png 2x"`);
    expect(out).toContain(`<source srcset="${localB}" type="image/jpeg" />`);
    expect(out).toContain(`poster="${localA}"`);
    expect(out).toContain(`background-image:url(${localB});min-height:274px`);
    expect(out).toContain(`background:url(&quot;${localA}&quot;)`);
    // Links to pages and other files stay links to the old site.
    expect(out).toContain('<a href="https://pics.example.org/2010/09/10/post-format-gallery/">A page</a>');
    expect(out).toContain('<a href="https://pics.example.org/file.pdf">A file</a>');
    // Still what the sanitiser writes: storing it again changes nothing.
    expect(sanitizeContent(out)).toBe(out);
  });

  it('reads a srcset as browsers do: commas without spaces, commas in addresses', () => {
    const map = localEverything();
    const out = rewriteExternalPictures('<img srcset="https://a.org/x.jpg 1x,https://a.org/y,z.jpg 2x,, /local.jpg 3x" />', map.address);
    expect(out).toBe(`<img srcset="${map.known.get('https://a.org/x.jpg')} 1x,${map.known.get('https://a.org/y,z.jpg')} 2x,, /local.jpg 3x" />`);
  });

  it('changes nothing, byte for byte, where no picture is on another site or none is known', () => {
    const html = stored(
      `<h2 id="x">Title &amp; more</h2><p>a &lt; b <img src="/uploads/a/${'0'.repeat(32)}.png" alt="" /></p>` +
        `<p><a href="https://example.org/page">link</a> <a href="${A}">full size</a></p><table><tr><td style="color:red">1</td></tr></table>`,
    );
    expect(rewriteExternalPictures(html, () => undefined)).toBe(html);
    const withoutLinks = html.replace(/<a href="https:\/\/pics[^>]*>full size<\/a>/, '');
    expect(rewriteExternalPictures(withoutLinks, localEverything().address)).toBe(withoutLinks);
  });

  it('keeps audio and video from other sites from loading before play', () => {
    const html = stored(
      `<audio controls src="https://upload.example.org/a.ogg"></audio>` +
        `<video controls preload="auto" src="https://media.example.org/v.mov"></video>` +
        `<video controls><source src="https://media.example.org/v.mp4" type="video/mp4" /></video>` +
        `<video controls src="/uploads/demo.school/${'1'.repeat(32)}.mp4"></video>`,
    );
    const out = rewriteExternalPictures(html, localEverything().address);
    expect(out).toContain('<audio controls src="https://upload.example.org/a.ogg" preload="none"></audio>');
    expect(out).toContain('<video controls preload="none" src="https://media.example.org/v.mov"></video>');
    expect(out).toContain('<video controls preload="none"><source src="https://media.example.org/v.mp4" type="video/mp4" /></video>');
    expect(out).toContain(`<video controls src="/uploads/demo.school/${'1'.repeat(32)}.mp4"></video>`);
    expect(sanitizeContent(out)).toBe(out);
    expect(rewriteExternalPictures(out, localEverything().address)).toBe(out);
  });

  it('leaves no picture of the WordPress fixture on another site, and its content clean', () => {
    const xml = fs.readFileSync(path.resolve('fixtures/wordpress/themeunittestdata.wordpress.xml'), 'utf8');
    const doc = parseWxr(xml, 1_750_000_000);
    const before = doc.items.flatMap((item) => externalPictureReferences(item.content));
    expect(before.length).toBeGreaterThan(100);
    const hints = new Map<string, PictureHints>();
    for (const item of doc.items) collectExternalPictures(item.content, hints);
    const map = localEverything();
    for (const item of doc.items) {
      const out = rewriteExternalPictures(item.content, map.address);
      expect(externalPictureReferences(out), item.slug).toEqual([]);
      expect(sanitizeContent(out), item.slug).toBe(out);
      // Nothing but addresses changed: the same tags in the same order.
      const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]);
      expect(tags(out), item.slug).toEqual(tags(item.content));
    }
    expect(new Set(map.known.keys())).toEqual(new Set(hints.keys()));
  });
});

describe('pictureSize', () => {
  it('takes the first explicit width and height the content gives anywhere', () => {
    const hints = new Map<string, PictureHints>();
    collectExternalPictures(stored(`<img src="${B}" alt="" />`), hints);
    collectExternalPictures(stored(`<img src="${B}" width="1200" height="400" alt="" /><img src="${B}" width="600" height="200" alt="" />`), hints);
    expect(pictureSize(hints.get(B)!)).toEqual({ width: 1200, height: 400 });
  });

  it('falls back to a size in the file name, a width alone at 4:3, then 800 x 600', () => {
    expect(pictureSize({ name: 'image-alignment-580x300.jpg' })).toEqual({ width: 580, height: 300 });
    const hints = new Map<string, PictureHints>();
    collectExternalPictures(stored(`<img src="${A}?w=604" alt="" /><img src="https://pics.example.org/b.jpg" width="160" alt="" />`), hints);
    expect(pictureSize(hints.get(A)!)).toEqual({ width: 604, height: 453 });
    expect(pictureSize(hints.get('https://pics.example.org/b.jpg')!)).toEqual({ width: 160, height: 120 });
    expect(pictureSize({ name: 'photo.jpg' })).toEqual({ width: 800, height: 600 });
  });

  it('keeps a stand-in within 2400 pixels a side, its shape kept', () => {
    expect(pictureSize({ name: 'x.jpg', width: 9600, height: 4800 })).toEqual({ width: 2400, height: 1200 });
  });
});

describe('placeholders', () => {
  it('is a PNG of the size asked for, saying what it is', async () => {
    const png = await placeholderPng({ width: 300, height: 200, name: 'canola2.jpg', seed: A });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 200 });
    const svg = placeholderSvg({ width: 300, height: 200, name: 'a<b>.jpg', seed: A });
    expect(svg).toContain('Image placeholder');
    expect(svg).toContain('300 × 200');
    expect(svg).toContain('a&lt;b&gt;.jpg');
    // The same picture gets the same tint; tiny ones keep the frame and the cross, without text.
    expect(placeholderSvg({ width: 300, height: 200, name: 'x', seed: A })).toBe(placeholderSvg({ width: 300, height: 200, name: 'x', seed: A }));
    expect(placeholderSvg({ width: 40, height: 30, name: 'x', seed: A })).not.toContain('<text');
  });
});
