/**
 * The galleries' and media uploads' calls as the legacy backend answers them (a WordPress gallery
 * plugin behind it): ids as text, `ID` or `id`, an image's title missing, a gallery's images
 * (`gallery_data`) as an object, as the meta's JSON text, or empty (`""`, null) for none, and an
 * upload's title as text or WordPress's `{rendered}`.
 */
import { z } from 'zod';
import { legacyCount, legacyDate, legacyInt, legacyList, legacyText } from '../../../../../platform/upstream/legacy';

const idFields = { ID: legacyInt.optional(), id: legacyInt.optional() };
const ID_MISSING = { message: 'an id is missing' };
const hasId = (row: { ID?: number | undefined; id?: number | undefined }) => row.ID !== undefined || row.id !== undefined;
/**
 * `ID` (WordPress) or `id` (its wrappers), as the contract's `id`. The objects carrying ids strip
 * the keys they do not name (as lenient as `.loose()`, and the extras are dropped anyway).
 */
function oneId<Row extends { ID?: number | undefined; id?: number | undefined }>({ ID, id, ...rest }: Row): Omit<Row, 'ID' | 'id'> & { id: number } {
  return { ...rest, id: (ID ?? id) as number };
}

/** A title as text, or WordPress's rendered one (`{rendered: "…"}`). */
const legacyTitle = z.union([
  z
    .object({ rendered: legacyText })
    .loose()
    .transform((t) => t.rendered),
  legacyText,
]);

export const legacyGalleryImage = z
  .object({ id: legacyInt, src: legacyText.optional(), url: legacyText.optional(), title: legacyTitle.optional() })
  .loose()
  .transform((image) => ({ id: image.id, src: image.src || image.url || '', title: image.title ?? '' }))
  .refine((image) => image.src !== '', { message: 'an image has no address' });

/** `gallery_data`: `{gallery: [...]}`, that as JSON text, or empty for a gallery without images. */
const legacyGalleryData = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null(), z.undefined(), z.literal(false)])
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value || {};
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'gallery_data is not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.object({ gallery: legacyList(legacyGalleryImage) }).loose());

export const legacyGallery = z
  .object({ ...idFields, post_title: legacyText, post_date: legacyDate, gallery_data: legacyGalleryData })
  .refine(hasId, ID_MISSING)
  .transform(oneId);
export type LegacyGallery = z.output<typeof legacyGallery>;

/** A call answering nothing beyond the envelope (gallery/update, gallery/remove). */
export const legacyOkAnswer = z.object({}).loose();

/** GET /api/website/wordpress/galleries?page=&limit= */
export const legacyGalleriesAnswer = z.object({ galleries: legacyList(legacyGallery), total_pages: legacyCount }).loose();

/** GET /api/website/wordpress/galleries/min */
export const legacyGalleryTitlesAnswer = z
  .object({
    galleries: legacyList(
      z
        .object({ ...idFields, post_title: legacyText })
        .refine(hasId, ID_MISSING)
        .transform(oneId),
    ),
  })
  .loose();

/** POST /api/website/gallery/new: the new gallery's id, at the top or as a gallery. */
const legacyIdOnly = z.object(idFields).refine(hasId, ID_MISSING).transform(oneId);
export const legacyNewGalleryAnswer = z.union([
  legacyIdOnly,
  z
    .object({ gallery: legacyIdOnly })
    .loose()
    .transform((answer) => answer.gallery),
]);

/** POST /api/website/gallery/upload: "a response with id", and where the image is (as the media call says it, or as `src`/`url`). */
export const legacyGalleryUploadAnswer = z
  .object({ ...idFields, source_url: legacyText.optional(), src: legacyText.optional(), url: legacyText.optional(), title: legacyTitle.optional() })
  .refine(hasId, ID_MISSING)
  .transform(oneId)
  .transform((answer) => ({ id: answer.id, src: answer.source_url || answer.src || answer.url || '', title: answer.title ?? '' }))
  .refine((answer) => answer.src !== '', { message: 'the uploaded image has no address' });

const legacyMedia = z
  .object({ ...idFields, source_url: legacyText, title: legacyTitle.optional(), mime_type: legacyText.optional() })
  .refine(hasId, ID_MISSING)
  .transform(oneId)
  .refine((media) => media.source_url !== '', { message: 'the upload has no address' });

/** POST /api/website/media/upload and /media/upload/builder: WordPress's media object under `media`. */
export const legacyMediaAnswer = z.object({ media: legacyMedia }).loose();
