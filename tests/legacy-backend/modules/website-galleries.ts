/**
 * The website's galleries and media uploads in the reference legacy backend (README.md): a
 * WordPress gallery plugin behind the provider's API, answering with its quirks.
 *
 * GET  /api/website/wordpress/galleries?page=&limit=
 *   -> { success: "true", isAuthFailed: 0, total_pages: "2",
 *        galleries: [{ ID: "31", post_title, post_date: "2024-05-01 09:30:00",
 *                      gallery_data: { gallery: [{ id: "57", src: "https://<school>/wp-content/uploads/a.png", title: "a" | null }] } }] }
 *   quirks: ids and total_pages as text; an empty gallery's gallery_data is `""` (WordPress's empty
 *   meta) and an older gallery's is the meta's JSON text instead of an object.
 * GET  /api/website/wordpress/galleries/min -> { galleries: [{ ID: "31", post_title }] }
 * POST /api/website/gallery/new {title} -> { success: "true", id: "31" }
 * POST /api/website/gallery/upload (multipart file, galleryID)
 *   -> { success: 1, id: "57", source_url, title: { rendered } } (the image waits for the gallery's update)
 * POST /api/website/gallery/update {uploaded: ids, galleryID}
 *   -> the gallery's images become `uploaded` in that order, then the ones it had that are not listed
 * POST /api/website/gallery/remove {id, galleryID} -> deletes the image
 * POST /api/website/media/upload and /media/upload/builder (multipart file)
 *   -> { success: "true", media: { id: "58", source_url, title: { rendered }, mime_type } }
 * GET  /wp-content/uploads/{school}/{file} (no session, like a public uploads folder): the file;
 *   its `-150x150` thumbnail is the same bytes (the test peer does not resize).
 * No alt texts or captions: the plugin keeps an image's title only.
 */
import type { LegacyRouter, LegacyRequest } from '../router';
import { legacyFail, legacyOk } from '../router';
import type { LegacyStore, School } from '../store';

export interface LegacyGalleryImage {
  id: number;
  file: string;
  title: string;
  mime: string;
  size: number;
  /** The gallery it belongs to once saved; null while it waits for the gallery's update (or for media). */
  gallery: number | null;
  /** The gallery it was uploaded for, until saved. */
  pendingFor: number | null;
}

export interface LegacyGallery {
  id: number;
  title: string;
  /** 'YYYY-MM-DD HH:MM:SS' (UTC), as WordPress keeps post_date. */
  created: string;
  images: number[];
}

export interface GallerySlice {
  galleries: LegacyGallery[];
  media: LegacyGalleryImage[];
  nextId: number;
}

export const GALLERY_SLICE = 'website-galleries';

/** The uploaded bytes, kept beside the slice so that the test-control JSON of the slice stays small. */
const bytesOf = new WeakMap<LegacyGalleryImage, Uint8Array>();

/** A 1x1 grey PNG: what the seeded images (which have no upload behind them) serve. */
const PLACEHOLDER_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

function mysqlDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function seed(school: School): GallerySlice {
  const other = school.label === 'other.school';
  // Each school's ids are its own WordPress site's; the other school's start elsewhere so that a test can tell them apart.
  const slice: GallerySlice = { galleries: [], media: [], nextId: other ? 500 : 100 };
  const names = other
    ? ['Other School Open Day']
    : [
        'Sports Day 2024',
        'Harvest Festival',
        'Year 6 Residential',
        'Christmas Play',
        'Science Week',
        'World Book Day',
        'Summer Fair',
        'Forest School',
        'Art Exhibition',
        'Music Concert',
        'Eco Garden',
        'Reception Welcome',
      ];
  names.forEach((title, index) => {
    const gallery: LegacyGallery = { id: (other ? 70 : 30) + index, title, created: mysqlDate(1_714_550_000 + index * 86_400), images: [] };
    // The first two galleries have photos; the rest are empty, as most galleries start.
    const photos = index < 2 ? 3 - index : 0;
    for (let n = 1; n <= photos; n += 1) {
      const image: LegacyGalleryImage = {
        id: slice.nextId++,
        file: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}.png`,
        title: `${title} photo ${n}`,
        mime: 'image/png',
        size: PLACEHOLDER_PNG.length,
        gallery: gallery.id,
        pendingFor: null,
      };
      slice.media.push(image);
      gallery.images.push(image.id);
    }
    slice.galleries.push(gallery);
  });
  return slice;
}

function sliceOf(request: LegacyRequest, store: LegacyStore): GallerySlice {
  // The router only calls these handlers signed in: the school is there.
  return store.slice(request.school as School, GALLERY_SLICE, () => seed(request.school as School));
}

/**
 * Where an upload is: the school's own WordPress site (https://<school>/wp-content/uploads/...),
 * not the API's host, as such backends answer. The test peer serves the files itself at
 * /wp-content/uploads/<school>/<file> (tests map the site's address there).
 */
function srcOf(request: LegacyRequest, image: LegacyGalleryImage): string {
  return `https://${(request.school as School).label}/wp-content/uploads/${encodeURIComponent(image.file)}`;
}

/** A gallery as the list answers it, with the plugin's quirks (see the header). */
function listEntry(request: LegacyRequest, slice: GallerySlice, gallery: LegacyGallery, index: number): Record<string, unknown> {
  const images = gallery.images.flatMap((id) => slice.media.filter((m) => m.id === id));
  const data = { gallery: images.map((image) => ({ id: String(image.id), src: srcOf(request, image), title: image.title || null })) };
  return {
    ID: String(gallery.id),
    post_title: gallery.title,
    post_date: gallery.created,
    gallery_data: images.length === 0 ? '' : index % 2 === 1 ? JSON.stringify(data) : data,
  };
}

function findGallery(slice: GallerySlice, raw: unknown): LegacyGallery | undefined {
  return slice.galleries.find((g) => String(g.id) === String(raw ?? '').trim());
}

/** The uploaded file of a multipart call, stored; null when the body holds no file. */
async function storeUpload(request: LegacyRequest, slice: GallerySlice, pendingFor: number | null): Promise<LegacyGalleryImage | null> {
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File)) return null;
  const id = slice.nextId++;
  const clean = file.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'upload';
  const image: LegacyGalleryImage = {
    id,
    file: `${id}-${clean}`,
    title: clean.replace(/\.[^.]*$/, ''),
    mime: file.type || 'application/octet-stream',
    size: file.size,
    gallery: null,
    pendingFor,
  };
  bytesOf.set(image, new Uint8Array(await file.arrayBuffer()));
  slice.media.push(image);
  return image;
}

export function registerWebsiteGalleries(router: LegacyRouter): void {
  router.on('GET', '/api/website/wordpress/galleries', (request, store) => {
    const slice = sliceOf(request, store);
    const page = Math.max(1, Number(request.query.get('page') ?? 1) || 1);
    const limit = Math.max(1, Number(request.query.get('limit') ?? 10) || 10);
    // Newest first, as WordPress lists posts.
    const all = [...slice.galleries].reverse();
    const rows = all.slice((page - 1) * limit, page * limit);
    return legacyOk({ galleries: rows.map((g, i) => listEntry(request, slice, g, i)), total_pages: String(Math.max(1, Math.ceil(all.length / limit))) });
  });

  router.on('GET', '/api/website/wordpress/galleries/min', (request, store) =>
    legacyOk({ galleries: [...sliceOf(request, store).galleries].reverse().map((g) => ({ ID: String(g.id), post_title: g.title })) }),
  );

  router.on('POST', '/api/website/gallery/new', async (request, store) => {
    const slice = sliceOf(request, store);
    const { title } = ((await request.json()) ?? {}) as { title?: unknown };
    if (typeof title !== 'string' || title.trim() === '') return legacyFail('Please enter a title');
    const gallery: LegacyGallery = { id: slice.nextId++, title: title.trim(), created: mysqlDate(Math.floor(Date.now() / 1000)), images: [] };
    slice.galleries.push(gallery);
    return legacyOk({ id: String(gallery.id) });
  });

  router.on('POST', '/api/website/gallery/upload', async (request, store) => {
    const slice = sliceOf(request, store);
    // The multipart body holds galleryID beside the file; read it once.
    const form = await request.formData();
    const gallery = findGallery(slice, form.get('galleryID'));
    if (!gallery) return legacyFail('Gallery not found');
    const image = await storeUpload({ ...request, formData: () => Promise.resolve(form) }, slice, gallery.id);
    if (!image) return legacyFail('No file uploaded');
    if (!image.mime.startsWith('image/')) {
      slice.media.splice(slice.media.indexOf(image), 1);
      return legacyFail('Only images can be added to a gallery');
    }
    return { json: { success: 1, isAuthFailed: 0, id: String(image.id), source_url: srcOf(request, image), title: { rendered: image.title } } };
  });

  router.on('POST', '/api/website/gallery/update', async (request, store) => {
    const slice = sliceOf(request, store);
    const { uploaded, galleryID } = ((await request.json()) ?? {}) as { uploaded?: unknown; galleryID?: unknown };
    const gallery = findGallery(slice, galleryID);
    if (!gallery || !Array.isArray(uploaded)) return legacyFail('Gallery not found');
    const ids = uploaded.map((id) => Number(id));
    for (const id of ids) {
      const image = slice.media.find((m) => m.id === id);
      if (!image || (image.pendingFor !== gallery.id && image.gallery !== gallery.id)) return legacyFail(`Image ${String(id)} not found`);
    }
    for (const id of ids) {
      const image = slice.media.find((m) => m.id === id) as LegacyGalleryImage;
      image.gallery = gallery.id;
      image.pendingFor = null;
    }
    gallery.images = [...ids, ...gallery.images.filter((id) => !ids.includes(id))];
    return legacyOk();
  });

  router.on('POST', '/api/website/gallery/remove', async (request, store) => {
    const slice = sliceOf(request, store);
    const { id, galleryID } = ((await request.json()) ?? {}) as { id?: unknown; galleryID?: unknown };
    const gallery = findGallery(slice, galleryID);
    const image = slice.media.find((m) => String(m.id) === String(id));
    if (!gallery || !image || (image.gallery !== gallery.id && image.pendingFor !== gallery.id)) return legacyFail('Image not found');
    slice.media.splice(slice.media.indexOf(image), 1);
    gallery.images = gallery.images.filter((other) => other !== image.id);
    return legacyOk();
  });

  for (const path of ['/api/website/media/upload', '/api/website/media/upload/builder']) {
    router.on('POST', path, async (request, store) => {
      const slice = sliceOf(request, store);
      const media = await storeUpload(request, slice, null);
      if (!media) return legacyFail('No file uploaded');
      return legacyOk({ media: { id: String(media.id), source_url: srcOf(request, media), title: { rendered: media.title }, mime_type: media.mime } });
    });
  }

  router.on(
    'GET',
    '/wp-content/uploads/{school}/{file}',
    (request, store) => {
      const school = store.schools.get(request.params.school ?? '');
      const slice = school?.slices.get(GALLERY_SLICE) as GallerySlice | undefined;
      const name = (request.params.file ?? '').replace(/-150x150(\.[^.]+)$/, '$1');
      const image = slice?.media.find((m) => m.file === name);
      if (!image) return { status: 404, body: 'Not found', headers: { 'Content-Type': 'text/plain' } };
      return { body: bytesOf.get(image) ?? PLACEHOLDER_PNG, headers: { 'Content-Type': image.mime } };
    },
    { auth: false },
  );
}
