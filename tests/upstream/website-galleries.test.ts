/**
 * Galleries and media uploads in upstream mode: each call through the portal's upstream API to the
 * reference legacy backend (what the portal answers, what the backend received), uploads streamed
 * through with the portal's size check first, unreadable answers, another school's data, and the
 * legacy schemas against recorded answers with their quirks.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  galleriesMinResponseSchema,
  galleriesResponseSchema,
  galleryResponseSchema,
  galleryUploadResponseSchema,
  mediaUploadResponseSchema,
  newGalleryResponseSchema,
} from '../../src/modules/website/contract';
import { UPSTREAM_MESSAGES } from '../../src/platform/upstream/errors';
import {
  legacyGalleriesAnswer,
  legacyGalleryUploadAnswer,
  legacyMediaAnswer,
  legacyNewGalleryAnswer,
} from '../../src/modules/website/server/upstream/galleries/legacy';
import { MEDIA_DETAILS_UNSUPPORTED } from '../../src/modules/website/server/upstream/galleries/service';
import { useUpstream } from '../factories/upstream';
import { GALLERY_SLICE, type GallerySlice } from '../legacy-backend/modules/website-galleries';
import { LEGACY_OTHER_ADMIN, LEGACY_OTHER_SCHOOL, LEGACY_SCHOOL } from '../legacy-backend/seed';

/** The upstream API's upload limit in tests/factories/upstream.ts. */
const MAX_UPLOAD_MB = 20;

const up = useUpstream();

function slice(school = LEGACY_SCHOOL): GallerySlice {
  const found = up().backend.store.schools.get(school)?.slices.get(GALLERY_SLICE) as GallerySlice | undefined;
  if (!found) throw new Error(`No gallery slice for ${school} yet`);
  return found;
}

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** A multipart body as a browser sends it: its bytes, type and length. */
async function multipart(fields: Record<string, string | File>): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://form.test', { method: 'POST', body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return { body, headers: { 'Content-Type': request.headers.get('content-type') ?? '', 'Content-Length': String(body.length) } };
}

async function upload(path: string, fields: Record<string, string | File>, cookie = up().signIn()) {
  const { body, headers } = await multipart(fields);
  return up().call(path, { cookie, body, headers });
}

beforeEach(() => {
  up().backend.store.faults.clear();
  up().logs.length = 0;
});

describe('upstream galleries: lists', () => {
  it('GET galleries maps the legacy list (ids as text, gallery_data as an object, JSON text or empty) to the contract', async () => {
    const res = await up().call('/api/website/wordpress/galleries?page=1&limit=10', { cookie: up().signIn() });
    expect(res.status).toBe(200);
    const body = galleriesResponseSchema.parse(await res.json());
    expect(body.total_pages).toBe(2);
    expect(body.total).toBe(20);
    expect(body.galleries).toHaveLength(10);
    // Newest first: the seeded galleries 30..41, so 41 leads and the two with photos are on page 2.
    expect(body.galleries[0]).toMatchObject({ id: 41, post_title: 'Reception Welcome', gallery_data: { gallery: [] } });
    const page2 = galleriesResponseSchema.parse(await (await up().call('/api/website/wordpress/galleries?page=2&limit=10', { cookie: up().signIn() })).json());
    expect(page2.total).toBe(12);
    const sports = page2.galleries.find((g) => g.id === 30);
    expect(sports?.post_date).toBe(new Date('2024-05-01T07:53:20Z').toISOString());
    expect(sports?.gallery_data.gallery.map((i) => i.title)).toEqual(['Sports Day 2024 photo 1', 'Sports Day 2024 photo 2', 'Sports Day 2024 photo 3']);
    expect(sports?.gallery_data.gallery[0]).toEqual({
      id: 100,
      src: 'https://legacy.school/wp-content/uploads/sports-day-2024-1.png',
      title: 'Sports Day 2024 photo 1',
      alt: 'Sports Day 2024 photo 1',
      caption: '',
    });
    // The second gallery's images came as the meta's JSON text.
    expect(page2.galleries.find((g) => g.id === 31)?.gallery_data.gallery).toHaveLength(2);
    expect(up().backend.store.requests).toContain('GET /api/website/wordpress/galleries');
  });

  it('GET galleries/min lists ids and titles; GET galleries/{id} finds one gallery through the list, or 404', async () => {
    const cookie = up().signIn();
    const min = galleriesMinResponseSchema.parse(await (await up().call('/api/website/wordpress/galleries/min', { cookie })).json());
    expect(min.galleries[0]).toEqual({ id: 41, post_title: 'Reception Welcome' });
    const one = galleryResponseSchema.parse(await (await up().call('/api/website/wordpress/galleries/31', { cookie })).json());
    expect(one.gallery).toMatchObject({ id: 31, post_title: 'Harvest Festival' });
    const missing = await up().call('/api/website/wordpress/galleries/999', { cookie });
    expect(missing.status).toBe(404);
  });

  it('a malformed legacy answer is a 502 with a clear message, logged with the path and not the body', async () => {
    up().backend.store.faults.set('/api/website/wordpress/galleries', {
      kind: 'malformed',
      body: { success: true, galleries: [{ ID: 'x', post_title: 'Secret Pupil Name', post_date: '2024-01-01' }], total_pages: 1 },
    });
    const res = await up().call('/api/website/wordpress/galleries?page=1&limit=10', { cookie: up().signIn() });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, isAuthFailed: false, message: UPSTREAM_MESSAGES.unreadable, code: 'upstream_unreadable' });
    expect(up().logs.join('\n')).toContain('GET /api/website/wordpress/galleries');
    expect(up().logs.join('\n')).not.toContain('Secret Pupil Name');
  });

  it('another school sees only its own galleries and cannot change this school’s', async () => {
    const cookie = up().signIn(LEGACY_OTHER_ADMIN.email);
    const body = galleriesResponseSchema.parse(await (await up().call('/api/website/wordpress/galleries?page=1&limit=10', { cookie })).json());
    expect(body.galleries.map((g) => g.post_title)).toEqual(['Other School Open Day']);
    expect((await up().call('/api/website/wordpress/galleries/31', { cookie })).status).toBe(404);
    await up().call('/api/website/wordpress/galleries/min', { cookie: up().signIn() });
    const res = await up().call('/api/website/gallery/remove', { cookie, json: { id: 100, galleryID: 30 } });
    expect(res.status).toBe(400);
    expect(slice().media.some((m) => m.id === 100)).toBe(true);
    expect(slice(LEGACY_OTHER_SCHOOL).galleries).toHaveLength(1);
  });
});

describe('upstream galleries: changes', () => {
  it('gallery/new sends {title} and answers the new id', async () => {
    const res = await up().call('/api/website/gallery/new', { cookie: up().signIn(), json: { title: '  Trip to the Zoo ' } });
    const body = newGalleryResponseSchema.parse(await res.json());
    expect(slice().galleries.find((g) => g.id === body.id)?.title).toBe('Trip to the Zoo');
  });

  it('gallery/upload streams the multipart body (file and galleryID) through; update attaches in grid order; remove deletes', async () => {
    const cookie = up().signIn();
    const res = await upload('/api/website/gallery/upload', { galleryID: '32', file: new File([PNG], 'class photo.png', { type: 'image/png' }) }, cookie);
    expect(res.status).toBe(200);
    const image = galleryUploadResponseSchema.parse(await res.json());
    expect(image.title).toBe('class-photo');
    expect(image.src).toMatch(/^https:\/\/legacy\.school\/wp-content\/uploads\/\d+-class-photo\.png$/);
    expect(slice().media.find((m) => m.id === image.id)).toMatchObject({ pendingFor: 32, gallery: null, size: PNG.length, mime: 'image/png' });
    // The thumbnail address the edit screen uses serves the image (the test peer serves the school's site's uploads).
    const thumb = await fetch(
      image.src.replace('https://legacy.school/wp-content/uploads/', `${up().backend.url}/wp-content/uploads/legacy.school/`).replace(/\.png$/, '-150x150.png'),
    );
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(PNG);

    const second = galleryUploadResponseSchema.parse(
      await (await upload('/api/website/gallery/upload', { galleryID: '32', file: new File([PNG], 'b.png', { type: 'image/png' }) }, cookie)).json(),
    );
    const saved = await up().call('/api/website/gallery/update', { cookie, json: { uploaded: [second.id, image.id], galleryID: 32 } });
    expect(saved.status).toBe(200);
    expect(slice().galleries.find((g) => g.id === 32)?.images).toEqual([second.id, image.id]);

    const removed = await up().call('/api/website/gallery/remove', { cookie, json: { id: second.id, galleryID: 32 } });
    expect(removed.status).toBe(200);
    expect(slice().galleries.find((g) => g.id === 32)?.images).toEqual([image.id]);
    expect(slice().media.some((m) => m.id === second.id)).toBe(false);
  });

  it('refuses an upload over PORTAL_MAX_UPLOAD_MB from its Content-Length, before the legacy backend sees it; and a body that is not multipart', async () => {
    const cookie = up().signIn();
    up().backend.store.requests.length = 0;
    const { body, headers } = await multipart({ galleryID: '32', file: new File([PNG], 'a.png', { type: 'image/png' }) });
    const huge = String(MAX_UPLOAD_MB * 1024 * 1024 + 1024 * 1024);
    const res = await up().call('/api/website/gallery/upload', { cookie, body: body.slice(0, 10), headers: { ...headers, 'Content-Length': huge } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: `The file is too large. Files can be at most ${MAX_UPLOAD_MB} MB.` });
    const notForm = await up().call('/api/website/media/upload', { cookie, json: { file: 'x' } });
    expect(notForm.status).toBe(400);
    expect(up().backend.store.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('the legacy backend’s refusal of an upload (a text file, an unknown gallery) comes back as a 400 with its message', async () => {
    const text = await upload('/api/website/gallery/upload', { galleryID: '32', file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'Only images can be added to a gallery' });
    const unknown = await upload('/api/website/gallery/upload', { galleryID: '999', file: new File([PNG], 'a.png', { type: 'image/png' }) });
    expect(unknown.status).toBe(400);
  });

  it('a save with alt texts or captions is refused: the legacy backend keeps none', async () => {
    const res = await up().call('/api/website/gallery/update', {
      cookie: up().signIn(),
      json: { uploaded: [100], galleryID: 30, images: [{ id: 100, alt: 'x', caption: 'y' }] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: MEDIA_DETAILS_UNSUPPORTED });
  });

  it('media/upload and media/upload/builder stream the file and answer the media object', async () => {
    const cookie = up().signIn();
    for (const path of ['/api/website/media/upload', '/api/website/media/upload/builder']) {
      const res = await upload(path, { file: new File(['%PDF-1.4'], 'Term Dates.pdf', { type: 'application/pdf' }) }, cookie);
      expect(res.status).toBe(200);
      const { media } = mediaUploadResponseSchema.parse(await res.json());
      expect(media).toMatchObject({ title: { rendered: 'Term-Dates' }, mime_type: 'application/pdf' });
      expect(media.source_url).toMatch(/Term-Dates\.pdf$/);
    }
  });

  it('uploads need the legacy session', async () => {
    const { body, headers } = await multipart({ file: new File([PNG], 'a.png', { type: 'image/png' }) });
    const res = await up().call('/api/website/media/upload', { body, headers });
    expect(res.status).toBe(401);
  });
});

describe('upstream galleries: legacy schemas against recorded answers', () => {
  it('reads a gallery list with ID or id, text numbers, a missing title, JSON-text or empty gallery_data, and a missing list', () => {
    const answer = legacyGalleriesAnswer.parse({
      success: 'true',
      total_pages: '3',
      galleries: {
        0: { id: 7, post_title: 'A', post_date: 1714550000, gallery_data: { gallery: [{ id: '5', url: 'http://x/a.jpg', title: null }] } },
        1: { ID: '8', post_title: 9, post_date: '2024-05-01 10:00:00', gallery_data: '{"gallery":[{"id":6,"src":"http://x/b.jpg","title":{"rendered":"B"}}]}' },
        2: { ID: '9', post_title: 'C', post_date: '2024-05-01T10:00:00Z', gallery_data: false },
        3: { ID: '10', post_title: 'D', post_date: '2024-05-01', gallery_data: { gallery: false } },
      },
    });
    expect(answer.total_pages).toBe(3);
    expect(answer.galleries.map((g) => [g.id, g.post_title, g.gallery_data.gallery.length])).toEqual([
      [7, 'A', 1],
      [8, '9', 1],
      [9, 'C', 0],
      [10, 'D', 0],
    ]);
    expect(answer.galleries[0]?.gallery_data.gallery[0]).toEqual({ id: 5, src: 'http://x/a.jpg', title: '' });
    expect(answer.galleries[1]?.gallery_data.gallery[0]?.title).toBe('B');
    expect(legacyGalleriesAnswer.parse({ success: 1 }).galleries).toEqual([]);
  });

  it('refuses what it cannot map: no id, an image without an address, gallery_data that is not JSON', () => {
    expect(legacyGalleriesAnswer.safeParse({ galleries: [{ post_title: 'A', post_date: 1 }] }).success).toBe(false);
    expect(legacyGalleriesAnswer.safeParse({ galleries: [{ ID: 1, post_title: 'A', post_date: 1, gallery_data: { gallery: [{ id: 1 }] } }] }).success).toBe(
      false,
    );
    expect(legacyGalleriesAnswer.safeParse({ galleries: [{ ID: 1, post_title: 'A', post_date: 1, gallery_data: 'a:1:{s:7' }] }).success).toBe(false);
    expect(legacyGalleryUploadAnswer.safeParse({ success: 1, id: '5' }).success).toBe(false);
  });

  it('reads the new gallery’s id, an upload’s id and address, and the media object in their variants', () => {
    expect(legacyNewGalleryAnswer.parse({ success: 'true', id: '31' })).toEqual({ id: 31 });
    expect(legacyNewGalleryAnswer.parse({ success: true, gallery: { ID: 32, post_title: 'x' } })).toEqual({ id: 32 });
    expect(legacyGalleryUploadAnswer.parse({ id: '57', source_url: 'http://x/a.png', title: { rendered: 'a' } })).toEqual({
      id: 57,
      src: 'http://x/a.png',
      title: 'a',
    });
    expect(legacyGalleryUploadAnswer.parse({ ID: 58, src: 'http://x/b.png' })).toEqual({ id: 58, src: 'http://x/b.png', title: '' });
    expect(legacyMediaAnswer.parse({ media: { id: '9', source_url: 'http://x/c.pdf', title: { rendered: 'c' } } }).media).toEqual({
      id: 9,
      source_url: 'http://x/c.pdf',
      title: 'c',
    });
  });
});
