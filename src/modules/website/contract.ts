import { z } from 'zod';
import { emptyResponseSchema, successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { WEBSITE_ENDPOINTS } from './endpoints';
import {
  MAX_GALLERY_ALT_LENGTH,
  MAX_GALLERY_CAPTION_LENGTH,
  MAX_GALLERY_TITLE_LENGTH,
  MAX_ITEM_TITLE_LENGTH,
  MAX_BULK_IDS,
  BULK_POST_ACTIONS,
  POST_LIST_SORTS,
  POST_LIST_STATUSES,
} from './rules';
import { HTML_LIMIT_MESSAGES, MAX_HTML_LENGTH } from '../../lib/contract/html-limits';
import * as revisions from './revisions-contract';
import { idParamsSchema, idSchema, listQuerySchema } from '../../lib/contract/params';

export * from './rules';
// Every module's calls share these (lib); the website's files and pages take them from here as before.
export { idParamsSchema, idSchema, listQuerySchema, type ListQuery } from '../../lib/contract/params';

const id = idSchema;

/** The posts call's query: the list's, plus Manage Posts' optional filter and order (without them: all posts, newest first). */
export const postsQuerySchema = listQuerySchema.extend({
  status: z.enum(POST_LIST_STATUSES, { error: `status must be one of: ${POST_LIST_STATUSES.join(', ')}.` }).optional(),
  sort: z.enum(POST_LIST_SORTS, { error: `sort must be one of: ${POST_LIST_SORTS.join(', ')}.` }).optional(),
});
export type PostsQuery = z.infer<typeof postsQuerySchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** GET /api/website/wordpress/categories */
export const categoriesResponseSchema = successSchema({ categories: z.array(categorySchema) });

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
  /** Beyond the spec, in the one-post answer: the ids of its categories (names alone cannot tell two 'Foo A' apart). */
  post_category_ids: z.array(z.number().int()).optional(),
  /** Beyond the spec: the stored Locked flag (only imported content is Locked; typing a marker in the editor does not lock). */
  locked: z.boolean().optional(),
});
export type Post = z.infer<typeof postSchema>;

/** How many items the whole list holds, search applied (beyond the spec: the footer's 'of 58 posts'). */
const listTotalSchema = z.number().int().nonnegative();

/** GET /api/website/wordpress/posts */
export const postsResponseSchema = successSchema({
  posts: z.array(postSchema),
  categories: z.array(categorySchema),
  total_pages: z.number().int(),
  total: listTotalSchema,
});

/** A page's state: published, held for review (new pages, PORTAL_PAGE_REVIEW_HOURS), or a draft. */
export const pageStatusSchema = z.enum(['publish', 'pending', 'draft']);
export type PageStatus = z.infer<typeof pageStatusSchema>;

export const pageSchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  post_content: z.string(),
  post_modified: z.string(),
  post_url: z.string(),
  /** Beyond the spec: the page's state, which Manage Pages shows. */
  post_status: pageStatusSchema,
  /** Beyond the spec, in list answers: when a page held for review publishes itself (ISO 8601, UTC). */
  publishes_at: z.string().optional(),
  /** Beyond the spec: the stored Locked flag, as for posts. */
  locked: z.boolean().optional(),
});
export type Page = z.infer<typeof pageSchema>;

/** GET /api/website/wordpress/pages */
export const pagesResponseSchema = successSchema({ pages: z.array(pageSchema), total_pages: z.number().int(), total: listTotalSchema });

/** `alt` is what the public slider's img says (the image's title until someone writes one); `caption` is shown under it ('' for none). */
export const galleryImageSchema = z.object({ id: z.number().int(), src: z.string(), title: z.string(), alt: z.string(), caption: z.string() });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const gallerySchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  post_date: z.string(),
  gallery_data: z.object({ gallery: z.array(galleryImageSchema) }),
});
export type Gallery = z.infer<typeof gallerySchema>;

/** GET /api/website/wordpress/galleries */
export const galleriesResponseSchema = successSchema({ galleries: z.array(gallerySchema), total_pages: z.number().int(), total: listTotalSchema });

/** GET /api/website/wordpress/galleries/min */
export const galleriesMinResponseSchema = successSchema({
  galleries: z.array(z.object({ id: z.number().int(), post_title: z.string() })),
});

/** GET /api/website/wordpress/galleries/{id}: one gallery for its edit screen (a call beyond the spec). */
export const galleryResponseSchema = successSchema({ gallery: gallerySchema });

/** GET /api/website/wordpress/{posts|pages}/{id}: one item for the editor (a call beyond the spec). */
export const postResponseSchema = successSchema({ post: postSchema });
export const pageResponseSchema = successSchema({ page: pageSchema.extend({ parent: z.string().nullable() }) });

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

/** POST /api/website/posts/toggle */
export const toggleRequestSchema = z.object({ id, isPublic: z.boolean({ error: 'isPublic must be true or false.' }) });
export type ToggleRequest = z.infer<typeof toggleRequestSchema>;
export const toggleResponseSchema = successSchema({ post: postSchema });

/** POST /api/website/posts/delete */
export const deleteRequestSchema = z.object({ id });

/** POST /api/website/posts/bulk (beyond the spec): hide, publish or delete these posts, all of them or none. */
export const bulkPostsRequestSchema = z.object({
  ids: z
    .array(id, { error: 'ids must be a list of post ids.' })
    .min(1, 'Choose at least one post.')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} posts can be changed at once.`),
  action: z.enum(BULK_POST_ACTIONS, { error: `action must be one of: ${BULK_POST_ACTIONS.join(', ')}.` }),
});
export type BulkPostsRequest = z.infer<typeof bulkPostsRequestSchema>;
/** How many posts the action changed. */
export const bulkPostsResponseSchema = successSchema({ count: z.number().int() });

/**
 * Title and content have no required or length rules (spec section 5) beyond a sane ceiling: for
 * the content, the HTML size limit every piece of user HTML has (./html-limits.ts; the
 * server also checks its nesting depth and element count before sanitising it).
 */
export const saveRequestSchema = z.object({
  id: id.nullable().optional(),
  title: z.string().max(MAX_ITEM_TITLE_LENGTH, `The title can be at most ${MAX_ITEM_TITLE_LENGTH} characters.`),
  content: z.string().max(MAX_HTML_LENGTH, HTML_LIMIT_MESSAGES.length),
  /** Map of category id to name (posts). */
  category: z.record(z.string().regex(/^\d+$/, 'category keys are category ids.'), z.string()).optional().default({}),
  /** Title of the parent page, or null for a top-level page (new pages). */
  parent: z.string().nullable().optional().default(null),
});

/**
 * The largest JSON body a save at the limits can take: every character of the content and title
 * escaped at worst (`\u001f`, 6 bytes), plus room for the categories and the rest.
 */
export const SAVE_REQUEST_MAX_BYTES = (MAX_HTML_LENGTH + MAX_ITEM_TITLE_LENGTH) * 6 + 64 * 1024;

/** POST /api/website/{posts|pages}/{create|update} */
export const saveResponseSchema = successSchema({ id: z.number().int(), post_url: z.string() });

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
  title: z
    .string()
    .trim()
    .min(1, 'A gallery needs a title.')
    .max(MAX_GALLERY_TITLE_LENGTH, `The title can be at most ${MAX_GALLERY_TITLE_LENGTH} characters.`),
});
export const newGalleryResponseSchema = successSchema({ id: z.number().int() });

/** POST /api/website/gallery/upload (multipart `file`, `galleryID`) -> the uploaded image */
export const galleryUploadFieldsSchema = z.object({ galleryID: id });
export const galleryUploadResponseSchema = successSchema({ id: z.number().int(), src: z.string(), title: z.string() });
export type GalleryUploadResponse = z.infer<typeof galleryUploadResponseSchema>;

/** One image's texts in a gallery save: trimmed; an empty alt text falls back to the image's title. */
export const galleryImageTextsSchema = z.object({
  id,
  alt: z.string({ error: 'alt must be text.' }).trim().max(MAX_GALLERY_ALT_LENGTH, `The alt text can be at most ${MAX_GALLERY_ALT_LENGTH} characters.`),
  caption: z
    .string({ error: 'caption must be text.' })
    .trim()
    .max(MAX_GALLERY_CAPTION_LENGTH, `The caption can be at most ${MAX_GALLERY_CAPTION_LENGTH} characters.`),
});
export type GalleryImageTexts = z.infer<typeof galleryImageTextsSchema>;

/** A save with every image's alt text and caption at their longest, each character escaped by JSON (`\uXXXX`). */
export const GALLERY_UPDATE_MAX_BYTES = 1000 * ((MAX_GALLERY_ALT_LENGTH + MAX_GALLERY_CAPTION_LENGTH) * 6 + 100) + 64 * 1024;

/**
 * POST /api/website/gallery/update: attaches the uploaded ids, in grid order; `images` (beyond the
 * spec, optional) sets alt texts and captions of images in this gallery in the same save.
 */
export const galleryUpdateRequestSchema = z.object({
  uploaded: z.array(id).max(1000, 'A gallery can hold at most 1000 images.'),
  galleryID: id,
  images: z.array(galleryImageTextsSchema).max(1000, 'A gallery can hold at most 1000 images.').optional(),
});

/** POST /api/website/gallery/remove */
export const galleryRemoveRequestSchema = z.object({ id, galleryID: id });

/* ---- The call table ---- */

/** The uploaded file of a multipart upload (field `file`). */
const uploadFile = z.file({ error: 'Choose a file to upload.' });

/** POST /api/website/media/upload and /media/upload/builder: multipart `file`. */
export const mediaUploadFormSchema = z.object({ file: uploadFile });
/** POST /api/website/gallery/upload: multipart `file` and `galleryID`. */
export const galleryUploadFormSchema = galleryUploadFieldsSchema.extend({ file: uploadFile });

/**
 * The website's calls: endpoints (./website-endpoints.ts) joined with their schemas. The routes
 * serve them (src/platform/http/calls.ts) and the stores send them (src/lib/browser/send.ts).
 */
export const websiteCalls = defineCalls(WEBSITE_ENDPOINTS, {
  categories: { response: categoriesResponseSchema },
  posts: { query: postsQuerySchema, response: postsResponseSchema },
  post: { params: idParamsSchema, response: postResponseSchema },
  pages: { query: listQuerySchema, response: pagesResponseSchema },
  page: { params: idParamsSchema, response: pageResponseSchema },
  menu: { response: menuResponseSchema },
  togglePost: { body: toggleRequestSchema, response: toggleResponseSchema },
  deletePost: { body: deleteRequestSchema, response: emptyResponseSchema },
  bulkPosts: { body: bulkPostsRequestSchema, response: bulkPostsResponseSchema },
  createPost: { body: saveRequestSchema, response: saveResponseSchema, maxBytes: SAVE_REQUEST_MAX_BYTES },
  updatePost: { body: saveRequestSchema, response: saveResponseSchema, maxBytes: SAVE_REQUEST_MAX_BYTES },
  createPage: { body: saveRequestSchema, response: saveResponseSchema, maxBytes: SAVE_REQUEST_MAX_BYTES },
  updatePage: { body: saveRequestSchema, response: saveResponseSchema, maxBytes: SAVE_REQUEST_MAX_BYTES },
  deletePage: { body: deleteRequestSchema, response: emptyResponseSchema },
  // Uploads: their size limit is the runtime's (PORTAL_MAX_UPLOAD_MB), set by the routes.
  uploadMedia: { form: mediaUploadFormSchema, response: mediaUploadResponseSchema },
  uploadBuilderMedia: { form: mediaUploadFormSchema, response: mediaUploadResponseSchema },
  galleries: { query: listQuerySchema, response: galleriesResponseSchema },
  galleryTitles: { response: galleriesMinResponseSchema },
  gallery: { params: idParamsSchema, response: galleryResponseSchema },
  newGallery: { body: newGalleryRequestSchema, response: newGalleryResponseSchema },
  uploadGalleryImage: { form: galleryUploadFormSchema, response: galleryUploadResponseSchema },
  updateGallery: { body: galleryUpdateRequestSchema, response: emptyResponseSchema, maxBytes: GALLERY_UPDATE_MAX_BYTES },
  removeGalleryImage: { body: galleryRemoveRequestSchema, response: emptyResponseSchema },
  deleteGallery: { body: deleteRequestSchema, response: emptyResponseSchema },
  // Revisions, autosave, preview
  postRevisions: { params: idParamsSchema, response: revisions.revisionsResponseSchema },
  pageRevisions: { params: idParamsSchema, response: revisions.revisionsResponseSchema },
  revision: { params: revisions.revisionParamsSchema, response: revisions.revisionResponseSchema },
  autosave: { body: revisions.autosaveRequestSchema, response: revisions.autosaveResponseSchema, maxBytes: revisions.DRAFT_REQUEST_MAX_BYTES },
  getAutosave: { query: revisions.autosaveQuerySchema, response: revisions.autosaveResponseGetSchema },
  discardAutosave: { body: revisions.discardAutosaveRequestSchema, response: emptyResponseSchema },
  preview: { body: revisions.previewRequestSchema, response: revisions.previewResponseSchema, maxBytes: revisions.DRAFT_REQUEST_MAX_BYTES },
});
export type WebsiteCalls = typeof websiteCalls;

