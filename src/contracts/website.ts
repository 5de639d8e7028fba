import { z } from 'zod';
import { successSchema } from './envelope';
import { MAX_PAGE_LIMIT, WEBSITE_PAGE_SIZE } from './website-rules';
import { HTML_LIMIT_MESSAGES, MAX_HTML_LENGTH } from './html-limits';

export * from './website-rules';

const id = z.coerce.number({ error: 'id must be a number.' }).int('id must be a whole number.').positive('id must be positive.');

/** `?page=&limit=&query=` of the list calls. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(1_000_000, 'page is too large.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MAX_PAGE_LIMIT, `limit can be at most ${MAX_PAGE_LIMIT}.`)
    .default(WEBSITE_PAGE_SIZE),
  query: z.string().trim().max(200, 'query can be at most 200 characters.').optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** GET /api/website/wordpress/categories */
export const categoriesResponseSchema = successSchema({ categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const postStatusSchema = z.enum(['publish', 'draft']);

/** A post as the list and the editor see it. Dates are ISO 8601 (UTC). */
export const postSchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  post_content: z.string(),
  /** Category names joined by ', ' (the editor pre-ticks by name). */
  post_category: z.string(),
  post_date: z.string(),
  post_status: postStatusSchema,
  post_url: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/website/wordpress/posts */
export const postsResponseSchema = successSchema({
  posts: z.array(postSchema),
  categories: z.array(categorySchema),
  total_pages: z.number().int(),
});
export type PostsResponse = z.infer<typeof postsResponseSchema>;

export const pageSchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  post_content: z.string(),
  post_modified: z.string(),
  post_url: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

/** GET /api/website/wordpress/pages */
export const pagesResponseSchema = successSchema({ pages: z.array(pageSchema), total_pages: z.number().int() });
export type PagesResponse = z.infer<typeof pagesResponseSchema>;

export const galleryImageSchema = z.object({ id: z.number().int(), src: z.string(), title: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const gallerySchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  post_date: z.string(),
  gallery_data: z.object({ gallery: z.array(galleryImageSchema) }),
});
export type Gallery = z.infer<typeof gallerySchema>;

/** GET /api/website/wordpress/galleries */
export const galleriesResponseSchema = successSchema({ galleries: z.array(gallerySchema), total_pages: z.number().int() });
export type GalleriesResponse = z.infer<typeof galleriesResponseSchema>;

/** GET /api/website/wordpress/galleries/min */
export const galleriesMinResponseSchema = successSchema({
  galleries: z.array(z.object({ id: z.number().int(), post_title: z.string() })),
});
export type GalleriesMinResponse = z.infer<typeof galleriesMinResponseSchema>;

/** GET /api/website/wordpress/galleries/{id}: one gallery for its edit screen (a call beyond the spec). */
export const galleryResponseSchema = successSchema({ gallery: gallerySchema });
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;

/** GET /api/website/wordpress/{posts|pages}/{id}: one item for the editor (a call beyond the spec). */
export const postResponseSchema = successSchema({ post: postSchema });
export type PostResponse = z.infer<typeof postResponseSchema>;
export const pageResponseSchema = successSchema({ page: pageSchema.extend({ parent: z.string().nullable() }) });
export type PageResponse = z.infer<typeof pageResponseSchema>;

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  children: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ id: z.number().int(), title: z.string(), url: z.string(), children: z.array(menuItemSchema) }),
);

/** GET /api/website/menu: top-level published pages in menu order, each with its children. */
export const menuResponseSchema = successSchema({ menu: z.array(menuItemSchema) });
export type MenuResponse = z.infer<typeof menuResponseSchema>;

/** POST /api/website/posts/toggle */
export const toggleRequestSchema = z.object({ id, isPublic: z.boolean({ error: 'isPublic must be true or false.' }) });
export type ToggleRequest = z.infer<typeof toggleRequestSchema>;
export const toggleResponseSchema = successSchema({ post: postSchema });
export type ToggleResponse = z.infer<typeof toggleResponseSchema>;

/** POST /api/website/posts/delete */
export const deleteRequestSchema = z.object({ id });
export type DeleteRequest = z.infer<typeof deleteRequestSchema>;

/**
 * Title and content have no required or length rules (spec section 5) beyond a sane ceiling: for
 * the content, the HTML size limit every piece of user HTML has (./html-limits.ts; the
 * server also checks its nesting depth and element count before sanitising it).
 */
export const saveRequestSchema = z.object({
  id: id.nullable().optional(),
  title: z.string().max(1000, 'The title can be at most 1000 characters.'),
  content: z.string().max(MAX_HTML_LENGTH, HTML_LIMIT_MESSAGES.length),
  /** Map of category id to name (posts). */
  category: z.record(z.string().regex(/^\d+$/, 'category keys are category ids.'), z.string()).optional().default({}),
  /** Title of the parent page, or null for a top-level page (new pages). */
  parent: z.string().nullable().optional().default(null),
});
export type SaveRequest = z.input<typeof saveRequestSchema>;

/**
 * The largest JSON body a save at the limits can take: every character of the content and title
 * escaped at worst (`\u001f`, 6 bytes), plus room for the categories and the rest.
 */
export const SAVE_REQUEST_MAX_BYTES = (MAX_HTML_LENGTH + 1000) * 6 + 64 * 1024;

/** POST /api/website/{posts|pages}/{create|update} */
export const saveResponseSchema = successSchema({ id: z.number().int(), post_url: z.string() });
export type SaveResponse = z.infer<typeof saveResponseSchema>;

export const mediaSchema = z.object({
  id: z.number().int(),
  source_url: z.string(),
  title: z.object({ rendered: z.string() }),
  mime_type: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** POST /api/website/media/upload and /media/upload/builder (multipart `file`) */
export const mediaUploadResponseSchema = successSchema({ media: mediaSchema });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** POST /api/website/gallery/new */
export const newGalleryRequestSchema = z.object({
  title: z.string().trim().min(1, 'A gallery needs a title.').max(300, 'The title can be at most 300 characters.'),
});
export type NewGalleryRequest = z.infer<typeof newGalleryRequestSchema>;
export const newGalleryResponseSchema = successSchema({ id: z.number().int() });
export type NewGalleryResponse = z.infer<typeof newGalleryResponseSchema>;

/** POST /api/website/gallery/upload (multipart `file`, `galleryID`) -> the uploaded image */
export const galleryUploadFieldsSchema = z.object({ galleryID: id });
export const galleryUploadResponseSchema = successSchema({ id: z.number().int(), src: z.string(), title: z.string() });
export type GalleryUploadResponse = z.infer<typeof galleryUploadResponseSchema>;

/** POST /api/website/gallery/update: attaches the uploaded ids, in grid order. */
export const galleryUpdateRequestSchema = z.object({
  uploaded: z.array(id).max(1000, 'A gallery can hold at most 1000 images.'),
  galleryID: id,
});
export type GalleryUpdateRequest = z.infer<typeof galleryUpdateRequestSchema>;

/** POST /api/website/gallery/remove */
export const galleryRemoveRequestSchema = z.object({ id, galleryID: id });
export type GalleryRemoveRequest = z.infer<typeof galleryRemoveRequestSchema>;

