/**
 * The galleries' and media uploads' upstream service: the spec's calls sent to the legacy backend
 * in its shapes, answers mapped to the contract's types (what the embedded galleries service
 * returns). The legacy plugin keeps no alt texts or captions: an image's alt is its title and its
 * caption empty, and a save that sets them is refused (the screens hide those fields: the
 * 'website.media-details' capability is not declared).
 */
import type { Gallery, GalleryUploadResponse, Media } from '../../../contract';
import { Refusal } from '../../../../../platform/errors';
import type { PortStream } from '../../../../../platform/http/port';
import type { UpstreamScope } from '../../../../../platform/upstream/client';
import { findItem } from '../../paging';
import { estimatedTotal } from '../service';
import {
  legacyGalleriesAnswer,
  legacyGalleryTitlesAnswer,
  legacyGalleryUploadAnswer,
  legacyMediaAnswer,
  legacyNewGalleryAnswer,
  legacyOkAnswer,
  type LegacyGallery,
} from './legacy';

/** How many galleries one list call asks for while looking for a gallery by id (the legacy backend has no call for one). */
const LOOKUP_PAGE_SIZE = 50;
/** Galleries looked through at most for one id: a school with more is not expected. */
const LOOKUP_MAX_PAGES = 40;

export const MEDIA_DETAILS_UNSUPPORTED = 'Alt texts and captions cannot be saved: the website does not keep them.';

export function toGallery(gallery: LegacyGallery): Gallery {
  return {
    id: gallery.id,
    post_title: gallery.post_title,
    post_date: new Date(gallery.post_date * 1000).toISOString(),
    gallery_data: {
      gallery: gallery.gallery_data.gallery.map((image) => ({ id: image.id, src: image.src, title: image.title, alt: image.title, caption: '' })),
    },
  };
}

/** GET /api/website/wordpress/galleries: the legacy answer has no total; it is estimated from the pages (exact on the last one). */
export async function listGalleries(up: UpstreamScope, page: number, limit: number): Promise<{ galleries: Gallery[]; total_pages: number; total: number }> {
  const answer = await up.json({ method: 'GET', path: '/api/website/wordpress/galleries', query: { page, limit } }, legacyGalleriesAnswer);
  const galleries = answer.galleries.map(toGallery);
  const totalPages = Math.max(1, answer.total_pages);
  return { galleries, total_pages: totalPages, total: estimatedTotal(page, limit, totalPages, galleries.length) };
}

/** GET /api/website/wordpress/galleries/min */
export async function listGalleryTitles(up: UpstreamScope): Promise<Array<{ id: number; post_title: string }>> {
  const answer = await up.json({ method: 'GET', path: '/api/website/wordpress/galleries/min' }, legacyGalleryTitlesAnswer);
  return answer.galleries.map((g) => ({ id: g.id, post_title: g.post_title }));
}

/** One gallery with its images, or null: looked for through the list (the legacy backend has no call for one gallery). */
export async function findGallery(up: UpstreamScope, id: number): Promise<Gallery | null> {
  return findItem(
    async (page) => {
      const result = await listGalleries(up, page, LOOKUP_PAGE_SIZE);
      return { items: result.galleries, total_pages: result.total_pages };
    },
    (gallery) => gallery.id === id,
    LOOKUP_MAX_PAGES,
  );
}

/** POST /api/website/gallery/new {title} */
export async function createGallery(up: UpstreamScope, title: string): Promise<{ id: number }> {
  const answer = await up.json({ method: 'POST', path: '/api/website/gallery/new', json: { title } }, legacyNewGalleryAnswer);
  return { id: answer.id };
}

/** POST /api/website/gallery/upload: the multipart body (file and galleryID) streams through; the legacy backend checks both. */
export async function uploadGalleryImage(up: UpstreamScope, stream: PortStream): Promise<Omit<GalleryUploadResponse, 'success' | 'isAuthFailed'>> {
  const image = await up.json({ method: 'POST', path: '/api/website/gallery/upload', stream }, legacyGalleryUploadAnswer);
  return { id: image.id, src: image.src, title: image.title };
}

/** POST /api/website/gallery/update {uploaded, galleryID}: the grid's ids in order (the legacy backend keeps that order). */
export async function updateGallery(up: UpstreamScope, galleryId: number, uploaded: number[], images: unknown[] = []): Promise<void> {
  if (images.length > 0) throw new Refusal(400, 'invalid', MEDIA_DETAILS_UNSUPPORTED);
  await up.json({ method: 'POST', path: '/api/website/gallery/update', json: { uploaded, galleryID: galleryId } }, legacyOkAnswer);
}

/** POST /api/website/gallery/remove {id, galleryID} */
export async function removeGalleryImage(up: UpstreamScope, galleryId: number, id: number): Promise<void> {
  await up.json({ method: 'POST', path: '/api/website/gallery/remove', json: { id, galleryID: galleryId } }, legacyOkAnswer);
}

/** POST /api/website/media/upload and /media/upload/builder: the file streams through. */
export async function uploadMedia(
  up: UpstreamScope,
  path: '/api/website/media/upload' | '/api/website/media/upload/builder',
  stream: PortStream,
): Promise<Media> {
  const { media } = await up.json({ method: 'POST', path, stream }, legacyMediaAnswer);
  return { id: media.id, source_url: media.source_url, title: { rendered: media.title ?? '' }, mime_type: media.mime_type || mimeFromName(media.source_url) };
}

/** The legacy answer may leave the type out: the address's extension says it, as the browser would. */
function mimeFromName(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    pdf: 'application/pdf',
  };
  return known[ext] ?? 'application/octet-stream';
}
