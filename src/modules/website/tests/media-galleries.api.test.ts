import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  galleriesMinResponseSchema,
  galleriesResponseSchema,
  galleryResponseSchema,
  galleryUploadResponseSchema,
  mediaUploadResponseSchema,
  newGalleryResponseSchema,
  thumbnailUrl,
  type Gallery,
} from '../contract';
import { storedPath } from '../../../platform/media/store';
import { schoolContext } from '../../../platform/context';
import { findGallery } from '../server/embedded/galleries/service';
import { SitePageCache } from '../server/embedded/site/page-cache';
import { loadSitePost } from '../server/embedded/site/service';
import { addPost, schoolCtx } from '../../../../tests/factories/website-content';
import { bodyOf, get, post, signedInUser, useTestContext, type TestContext } from '../../../../tests/factories';
import { postMultipart } from '../../../../tests/factories/media-http';
import { makeImage, SVG_AS_PNG } from '../../../../tests/factories/media-images';

interface Staff {
  cookie: string;
  schoolId: number;
  label: string;
}

async function newGallery(ctx: TestContext, staff: Staff, title: string): Promise<number> {
  const res = await post(ctx.app, '/api/website/gallery/new', JSON.stringify({ title }), { cookie: staff.cookie });
  expect(res.status).toBe(200);
  return newGalleryResponseSchema.parse(await bodyOf(res)).id;
}

async function uploadTo(ctx: TestContext, staff: Staff, galleryID: number, name: string, colour = '#336699') {
  const bytes = await makeImage('png', 400, 300, colour);
  const res = await postMultipart(ctx.app, '/api/website/gallery/upload', { file: { bytes, name }, fields: { galleryID: String(galleryID) } }, { cookie: staff.cookie });
  expect(res.status).toBe(200);
  return galleryUploadResponseSchema.parse(await bodyOf(res));
}

async function galleryOf(ctx: TestContext, staff: Staff, id: number): Promise<Gallery> {
  const res = await get(ctx.app, `/api/website/wordpress/galleries/${id}`, { cookie: staff.cookie });
  expect(res.status).toBe(200);
  return galleryResponseSchema.parse(await bodyOf(res)).gallery;
}

const idsOf = (g: Gallery) => g.gallery_data.gallery.map((i) => i.id);

function filesOf(ctx: TestContext, staff: Staff, src: string): string[] {
  const name = src.split('/').pop() ?? '';
  const thumb = thumbnailUrl(src).split('/').pop() ?? '';
  return [storedPath(ctx.config.PORTAL_DATA_DIR, staff.schoolId, name), storedPath(ctx.config.PORTAL_DATA_DIR, staff.schoolId, thumb)];
}

async function expectFailure(res: Response, status: number, message?: string | RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = await bodyOf(res);
  expect(body).toMatchObject({ success: false, isAuthFailed: status === 401 });
  if (typeof message === 'string') expect(body).toMatchObject({ message });
  else if (message) expect(body).toMatchObject({ message: expect.stringMatching(message) as unknown });
}

describe('gallery flow', () => {
  const ctx = useTestContext();
  let staff: Staff;

  beforeAll(async () => {
    const s = await signedInUser(ctx(), { website: true });
    staff = { cookie: s.cookie, schoolId: s.school.id, label: s.school.label };
  });

  it('new -> upload two -> save reversed -> listed in that order -> remove one', async () => {
    const galleryID = await newGallery(ctx(), staff, 'Sports Day 2025');
    const first = await uploadTo(ctx(), staff, galleryID, 'Relay.png');
    const second = await uploadTo(ctx(), staff, galleryID, 'Long jump.png', '#993366');
    expect(first.title).toBe('Relay');
    expect(first.src).toMatch(/^\/uploads\/.+\/[a-f0-9]{32}\.png$/);

    // Pending uploads are not part of the gallery until Save.
    expect(idsOf(await galleryOf(ctx(), staff, galleryID))).toEqual([]);

    const saved = await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [second.id, first.id], galleryID }), { cookie: staff.cookie });
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toEqual({ success: true, isAuthFailed: false });

    const list = galleriesResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries?page=1&limit=10', { cookie: staff.cookie })));
    const listed = list.galleries.find((g) => g.id === galleryID);
    expect(listed?.post_title).toBe('Sports Day 2025');
    expect(listed?.post_date).toBe(new Date(ctx().clock.now * 1000).toISOString());
    expect(listed?.gallery_data.gallery).toEqual([
      { id: second.id, src: second.src, title: 'Long jump', alt: 'Long jump', caption: '' },
      { id: first.id, src: first.src, title: 'Relay', alt: 'Relay', caption: '' },
    ]);
    expect(await findGallery(schoolContext(ctx().db, { id: staff.schoolId, label: staff.label }, ctx().clock.now), galleryID)).toEqual(listed);

    const removed = await post(ctx().app, '/api/website/gallery/remove', JSON.stringify({ id: second.id, galleryID }), { cookie: staff.cookie });
    expect(removed.status).toBe(200);
    const after = await galleryOf(ctx(), staff, galleryID);
    expect(after.gallery_data.gallery).toHaveLength(1);
    expect(idsOf(after)).toEqual([first.id]);
    for (const file of filesOf(ctx(), staff, second.src)) expect(fs.existsSync(file)).toBe(false);
    for (const file of filesOf(ctx(), staff, first.src)) expect(fs.existsSync(file)).toBe(true);
  });

  it('keeps images left out of the save after the listed ones, in their order', async () => {
    const galleryID = await newGallery(ctx(), staff, 'Trips');
    const a = await uploadTo(ctx(), staff, galleryID, 'a.png');
    const b = await uploadTo(ctx(), staff, galleryID, 'b.png');
    const c = await uploadTo(ctx(), staff, galleryID, 'c.png');
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [a.id, b.id], galleryID }), { cookie: staff.cookie });
    const d = await uploadTo(ctx(), staff, galleryID, 'd.png');
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [d.id, c.id], galleryID }), { cookie: staff.cookie });
    expect(idsOf(await galleryOf(ctx(), staff, galleryID))).toEqual([d.id, c.id, a.id, b.id]);
  });

  it('removes a pending image straight away', async () => {
    const galleryID = await newGallery(ctx(), staff, 'Pending');
    const img = await uploadTo(ctx(), staff, galleryID, 'x.png');
    const res = await post(ctx().app, '/api/website/gallery/remove', JSON.stringify({ id: img.id, galleryID }), { cookie: staff.cookie });
    expect(res.status).toBe(200);
    for (const file of filesOf(ctx(), staff, img.src)) expect(fs.existsSync(file)).toBe(false);
    await expectFailure(await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [img.id], galleryID }), { cookie: staff.cookie }), 404);
  });

  it('refuses to save ids that are not pending or in this gallery, changing nothing', async () => {
    const galleryID = await newGallery(ctx(), staff, 'Strict');
    const otherGallery = await newGallery(ctx(), staff, 'Other');
    const mine = await uploadTo(ctx(), staff, galleryID, 'mine.png');
    const theirs = await uploadTo(ctx(), staff, otherGallery, 'theirs.png');
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [theirs.id], galleryID: otherGallery }), { cookie: staff.cookie });
    const attachmentRes = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: await makeImage('png'), name: 'file.png' } }, { cookie: staff.cookie });
    const attachment = mediaUploadResponseSchema.parse(await bodyOf(attachmentRes)).media;

    for (const intruder of [theirs.id, attachment.id]) {
      const res = await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [mine.id, intruder], galleryID }), { cookie: staff.cookie });
      await expectFailure(res, 400, /cannot be added to this gallery/);
    }
    await expectFailure(
      await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [mine.id, mine.id], galleryID }), { cookie: staff.cookie }),
      400,
      'Each image can be listed only once.',
    );
    expect(idsOf(await galleryOf(ctx(), staff, galleryID))).toEqual([]);
    expect(idsOf(await galleryOf(ctx(), staff, otherGallery))).toEqual([theirs.id]);
    // An image of another gallery cannot be removed through this one.
    await expectFailure(await post(ctx().app, '/api/website/gallery/remove', JSON.stringify({ id: theirs.id, galleryID }), { cookie: staff.cookie }), 404);
    expect(idsOf(await galleryOf(ctx(), staff, otherGallery))).toEqual([theirs.id]);
  });

  it('accepts images only in a gallery', async () => {
    const galleryID = await newGallery(ctx(), staff, 'Images only');
    const res = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes: SVG_AS_PNG, name: 'x.png', type: 'image/png' }, fields: { galleryID: String(galleryID) } }, { cookie: staff.cookie });
    await expectFailure(res, 400, 'Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).');
  });
});

describe('gallery lists', () => {
  const ctx = useTestContext();
  let staff: Staff;
  const ids: number[] = [];

  beforeAll(async () => {
    const s = await signedInUser(ctx(), { website: true });
    staff = { cookie: s.cookie, schoolId: s.school.id, label: s.school.label };
    for (let i = 1; i <= 12; i++) {
      ids.push(await newGallery(ctx(), staff, `Gallery ${i}`));
      ctx().clock.advance(60);
    }
    // Another school's gallery must never show.
    const other = await signedInUser(ctx(), { website: true });
    await newGallery(ctx(), { cookie: other.cookie, schoolId: other.school.id, label: other.school.label }, 'Not ours');
  });

  it('pages newest first, 10 by default', async () => {
    const first = galleriesResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries', { cookie: staff.cookie })));
    expect(first.total_pages).toBe(2);
    expect(first.galleries.map((g) => g.post_title)).toEqual(Array.from({ length: 10 }, (_, i) => `Gallery ${12 - i}`));
    const second = galleriesResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries?page=2&limit=10', { cookie: staff.cookie })));
    expect(second.galleries.map((g) => g.post_title)).toEqual(['Gallery 2', 'Gallery 1']);
  });

  it('answers page 1 of 1 for a school without galleries, like every website list', async () => {
    const empty = await signedInUser(ctx(), { website: true });
    const res = galleriesResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries', { cookie: empty.cookie })));
    expect(res).toMatchObject({ galleries: [], total_pages: 1 });
  });

  it('gives the short list for the editor', async () => {
    const res = galleriesMinResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries/min', { cookie: staff.cookie })));
    expect(res.galleries).toHaveLength(12);
    expect(res.galleries[0]).toEqual({ id: ids[11], post_title: 'Gallery 12' });
    expect(Object.keys(res.galleries[0] ?? {}).sort()).toEqual(['id', 'post_title']);
  });

  it.each(['page=0', 'page=abc', 'limit=0', 'limit=101', 'limit=1.5'])('is 400 for %s', async (query) => {
    await expectFailure(await get(ctx().app, `/api/website/wordpress/galleries?${query}`, { cookie: staff.cookie }), 400);
  });

  it('is 400 for a bad gallery id and 404 for an unknown one', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      await expectFailure(await get(ctx().app, `/api/website/wordpress/galleries/${bad}`, { cookie: staff.cookie }), 400);
    }
    await expectFailure(await get(ctx().app, '/api/website/wordpress/galleries/999999', { cookie: staff.cookie }), 404);
  });
});

describe('gallery calls and other schools', () => {
  const ctx = useTestContext();
  let a: Staff;
  let b: Staff;
  let galleryA = 0;
  let imageA = { id: 0, src: '' };

  beforeAll(async () => {
    const sa = await signedInUser(ctx(), { website: true });
    const sb = await signedInUser(ctx(), { website: true });
    a = { cookie: sa.cookie, schoolId: sa.school.id, label: sa.school.label };
    b = { cookie: sb.cookie, schoolId: sb.school.id, label: sb.school.label };
    galleryA = await newGallery(ctx(), a, 'School A');
    imageA = await uploadTo(ctx(), a, galleryA, 'a.png');
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [imageA.id], galleryID: galleryA }), { cookie: a.cookie });
  });

  it('answers 404 for another school’s gallery or image, and nothing changes', async () => {
    const galleryB = await newGallery(ctx(), b, 'School B');
    const imageB = await uploadTo(ctx(), b, galleryB, 'b.png');

    await expectFailure(await get(ctx().app, `/api/website/wordpress/galleries/${galleryA}`, { cookie: b.cookie }), 404);
    await expectFailure(
      await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes: await makeImage('png'), name: 'x.png' }, fields: { galleryID: String(galleryA) } }, { cookie: b.cookie }),
      404,
    );
    await expectFailure(await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [imageB.id], galleryID: galleryA }), { cookie: b.cookie }), 404);
    await expectFailure(await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [imageA.id], galleryID: galleryB }), { cookie: b.cookie }), 404);
    await expectFailure(await post(ctx().app, '/api/website/gallery/remove', JSON.stringify({ id: imageA.id, galleryID: galleryA }), { cookie: b.cookie }), 404);
    await expectFailure(await post(ctx().app, '/api/website/gallery/remove', JSON.stringify({ id: imageA.id, galleryID: galleryB }), { cookie: b.cookie }), 404);

    expect(idsOf(await galleryOf(ctx(), a, galleryA))).toEqual([imageA.id]);
    for (const file of filesOf(ctx(), a, imageA.src)) expect(fs.existsSync(file)).toBe(true);
    expect(idsOf(await galleryOf(ctx(), b, galleryB))).toEqual([]);
    const listB = galleriesMinResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/website/wordpress/galleries/min', { cookie: b.cookie })));
    expect(listB.galleries.map((g) => g.id)).toEqual([galleryB]);
  });

  it('is 400 for bad input, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['/api/website/gallery/new', '{}'],
      ['/api/website/gallery/new', '{"title":"   "}'],
      ['/api/website/gallery/new', 'not json'],
      ['/api/website/gallery/update', '{"uploaded":"1","galleryID":1}'],
      ['/api/website/gallery/update', '{"uploaded":[1],"galleryID":"x"}'],
      ['/api/website/gallery/update', '{"uploaded":[-1],"galleryID":1}'],
      ['/api/website/gallery/remove', '{"id":1}'],
      ['/api/website/gallery/remove', '{"id":1.5,"galleryID":1}'],
    ];
    for (const [path, body] of cases) await expectFailure(await post(ctx().app, path, body, { cookie: a.cookie }), 400);
    const png = await makeImage('png', 20, 20);
    for (const galleryID of [undefined, 'abc', '0']) {
      const res = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes: png, name: 'x.png' }, fields: galleryID === undefined ? {} : { galleryID } }, { cookie: a.cookie });
      await expectFailure(res, 400, /^galleryID/);
    }
    await expectFailure(await postMultipart(ctx().app, '/api/website/gallery/upload', { fields: { galleryID: String(galleryA) } }, { cookie: a.cookie }), 400, 'Choose a file to upload.');
  });
});

describe('gallery alt texts and captions', () => {
  const ctx = useTestContext();
  let a: Staff;
  let b: Staff;

  beforeAll(async () => {
    const sa = await signedInUser(ctx(), { website: true });
    const sb = await signedInUser(ctx(), { website: true });
    a = { cookie: sa.cookie, schoolId: sa.school.id, label: sa.school.label };
    b = { cookie: sb.cookie, schoolId: sb.school.id, label: sb.school.label };
  });

  const save = (staff: Staff, body: unknown) => post(ctx().app, '/api/website/gallery/update', JSON.stringify(body), { cookie: staff.cookie });
  const textsOf = (g: Gallery) => g.gallery_data.gallery.map(({ id, alt, caption }) => ({ id, alt, caption }));

  /** A saved gallery of `staff` with two images, Relay then Long jump. */
  async function twoImages(staff: Staff, title: string) {
    const galleryID = await newGallery(ctx(), staff, title);
    const relay = await uploadTo(ctx(), staff, galleryID, 'Relay.png');
    const jump = await uploadTo(ctx(), staff, galleryID, 'Long jump.png', '#993366');
    expect((await save(staff, { uploaded: [relay.id, jump.id], galleryID })).status).toBe(200);
    return { galleryID, relay, jump };
  }

  it('saves them trimmed with the gallery; an empty alt text falls back to the title; the spec’s shape leaves them alone', async () => {
    const { galleryID, relay, jump } = await twoImages(a, 'Sports day');
    // Until someone writes one, an image's alt text is its title and it has no caption.
    expect(textsOf(await galleryOf(ctx(), a, galleryID))).toEqual([
      { id: relay.id, alt: 'Relay', caption: '' },
      { id: jump.id, alt: 'Long jump', caption: '' },
    ]);

    const res = await save(a, {
      uploaded: [jump.id, relay.id],
      galleryID,
      images: [{ id: relay.id, alt: '  Runners at the relay start  ', caption: '\n Year 6 win the relay \t' }],
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });
    const saved = await galleryOf(ctx(), a, galleryID);
    expect(idsOf(saved)).toEqual([jump.id, relay.id]);
    expect(textsOf(saved)).toEqual([
      { id: jump.id, alt: 'Long jump', caption: '' },
      { id: relay.id, alt: 'Runners at the relay start', caption: 'Year 6 win the relay' },
    ]);

    // The spec's {uploaded, galleryID} still saves the order, and keeps the texts.
    expect((await save(a, { uploaded: [relay.id, jump.id], galleryID })).status).toBe(200);
    const reordered = await galleryOf(ctx(), a, galleryID);
    expect(idsOf(reordered)).toEqual([relay.id, jump.id]);
    expect(textsOf(reordered)[0]).toEqual({ id: relay.id, alt: 'Runners at the relay start', caption: 'Year 6 win the relay' });

    // A fresh upload gets its texts in the save that attaches it; an alt of spaces means the title again.
    const podium = await uploadTo(ctx(), a, galleryID, 'Podium.png');
    expect(podium.title).toBe('Podium');
    const withUpload = await save(a, {
      uploaded: [podium.id],
      galleryID,
      images: [
        { id: podium.id, alt: 'Three winners on the podium', caption: 'Well done!' },
        { id: relay.id, alt: '   ', caption: '' },
        // At the limits once trimmed.
        { id: jump.id, alt: ` ${'a'.repeat(250)} `, caption: ` ${'c'.repeat(300)} ` },
      ],
    });
    expect(withUpload.status).toBe(200);
    expect(textsOf(await galleryOf(ctx(), a, galleryID))).toEqual([
      { id: podium.id, alt: 'Three winners on the podium', caption: 'Well done!' },
      { id: relay.id, alt: 'Relay', caption: '' },
      { id: jump.id, alt: 'a'.repeat(250), caption: 'c'.repeat(300) },
    ]);
  });

  it('refuses bad texts with a clear message, changing nothing', async () => {
    const { galleryID, relay, jump } = await twoImages(a, 'Strict texts');
    const other = await newGallery(ctx(), a, 'Another');
    const elsewhere = await uploadTo(ctx(), a, other, 'Elsewhere.png');
    await save(a, { uploaded: [relay.id, jump.id], galleryID, images: [{ id: relay.id, alt: 'Start line', caption: 'Ready' }] });
    const before = await galleryOf(ctx(), a, galleryID);

    const cases: Array<[unknown[], number, string]> = [
      [[{ id: relay.id, alt: 'x'.repeat(251), caption: '' }], 400, 'images.0.alt: The alt text can be at most 250 characters.'],
      [[{ id: relay.id, alt: 'ok', caption: 'y'.repeat(301) }], 400, 'images.0.caption: The caption can be at most 300 characters.'],
      [[{ id: relay.id, alt: 5, caption: '' }], 400, 'images.0.alt: alt must be text.'],
      [[{ id: relay.id, alt: 'ok' }], 400, 'images.0.caption: caption must be text.'],
      [[{ id: 0, alt: 'ok', caption: '' }], 400, 'images.0.id: id must be positive.'],
      [
        [
          { id: relay.id, alt: 'one', caption: '' },
          { id: relay.id, alt: 'two', caption: '' },
        ],
        400,
        'Each image’s texts can be given only once.',
      ],
      // An image of this school in another gallery, and one that does not exist.
      [[{ id: elsewhere.id, alt: 'Moved?', caption: '' }], 400, `Image ${elsewhere.id} is not in this gallery.`],
      [[{ id: 99999999, alt: 'Nobody', caption: '' }], 404, 'Image 99999999 was not found.'],
    ];
    for (const [images, status, message] of cases) {
      // A valid new order and a valid text travel with the bad one: neither is kept.
      const valid = { id: jump.id, alt: 'Should not stay', caption: 'Should not stay' };
      const res = await save(a, { uploaded: [jump.id, relay.id], galleryID, images: [valid, ...images] });
      await expectFailure(res, status, message.replace('images.0.', 'images.1.'));
    }
    expect(await galleryOf(ctx(), a, galleryID)).toEqual(before);
    expect(textsOf(await galleryOf(ctx(), a, galleryID))[0]).toEqual({ id: relay.id, alt: 'Start line', caption: 'Ready' });
    // The pending upload elsewhere was not attached or changed by the refused saves.
    expect(idsOf(await galleryOf(ctx(), a, other))).toEqual([]);
  });

  it('refuses another school’s gallery or image, and nothing changes', async () => {
    const { galleryID, relay } = await twoImages(a, 'School A texts');
    await save(a, { uploaded: [], galleryID, images: [{ id: relay.id, alt: 'Ours', caption: 'Our caption' }] });
    const before = await galleryOf(ctx(), a, galleryID);
    const galleryB = await newGallery(ctx(), b, 'School B texts');
    const imageB = await uploadTo(ctx(), b, galleryB, 'b.png');

    // B names A's gallery, or A's image in B's own gallery.
    await expectFailure(await save(b, { uploaded: [], galleryID, images: [{ id: relay.id, alt: 'Theirs', caption: 'x' }] }), 404);
    await expectFailure(
      await save(b, { uploaded: [imageB.id], galleryID: galleryB, images: [{ id: relay.id, alt: 'Theirs', caption: 'x' }] }),
      404,
      `Image ${relay.id} was not found.`,
    );
    expect(await galleryOf(ctx(), a, galleryID)).toEqual(before);
    // B's save was refused whole: its upload is still pending.
    expect(idsOf(await galleryOf(ctx(), b, galleryB))).toEqual([]);
  });

  it('shows the alt text and caption, escaped, on the public slider, right after the save', async () => {
    const { galleryID, relay, jump } = await twoImages(a, 'Public slider');
    const created = await addPost(ctx(), { id: a.schoolId, label: a.label }, { title: 'Sports day report', content: `<p>[gallery_slider id="${galleryID}"]</p>` });
    const slug = created.post_url.split('/').pop() ?? '';
    const cache = new SitePageCache();
    let renders = 0;
    const visit = async () => {
      const res = await cache.serve(ctx().db, a.label, `/sites/${a.label}/posts/${slug}`, async () => {
        renders += 1;
        const screen = await loadSitePost(schoolCtx(ctx(), { id: a.schoolId, label: a.label }), slug);
        return new Response(screen?.html ?? 'missing', { status: screen ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
      });
      return res.text();
    };

    const first = await visit();
    expect(first).toContain(`<img src="${relay.src}" alt="Relay"`);
    expect(first).not.toContain('gallery-slider__image-caption');
    expect(await visit()).toBe(first);
    expect(renders).toBe(1);

    const saved = await save(a, {
      uploaded: [relay.id, jump.id],
      galleryID,
      images: [{ id: relay.id, alt: 'The "fast" <relay> team', caption: 'Year 6 & Year 5 <script>alert(1)</script>' }],
    });
    expect(saved.status).toBe(200);
    const after = await visit();
    expect(renders).toBe(2);
    expect(after).toContain(`<img src="${relay.src}" alt="The &quot;fast&quot; &lt;relay&gt; team"`);
    expect(after).toContain(
      '<figcaption class="gallery-slider__image-caption">Year 6 &amp; Year 5 &lt;script&gt;alert(1)&lt;/script&gt;</figcaption>',
    );
    expect(after).not.toContain('<script>');
    // The other image keeps its title as alt text and has no caption.
    expect(after).toContain(`<img src="${jump.src}" alt="Long jump"`);

    // The next edit is seen at once too.
    await save(a, { uploaded: [], galleryID, images: [{ id: relay.id, alt: 'Relay team', caption: 'Year 6 won' }] });
    const again = await visit();
    expect(renders).toBe(3);
    expect(again).toContain('>Year 6 won</figcaption>');
    expect(again).not.toContain('Year 5');
  });
});
