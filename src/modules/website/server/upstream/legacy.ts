/**
 * The website's calls as the legacy backend answers them (a WordPress behind it): ids and counts
 * as text, categories as comma-separated names, dates as MySQL text or unix seconds.
 */
import { z } from 'zod';
import { legacyCount, legacyDate, legacyInt, legacyList, legacyText } from '../../../../platform/upstream/legacy';

/** A category: `id` (or WordPress's `term_id`) and its name; read as the contract's `{ id, name }`. */
export const legacyCategory = z
  .object({ id: legacyInt.optional(), term_id: legacyInt.optional(), name: legacyText })
  .loose()
  .refine((category) => category.id !== undefined || category.term_id !== undefined, { message: 'a category needs an id' })
  .transform((category) => ({ id: category.id ?? category.term_id ?? 0, name: category.name }));

export const legacyPost = z
  .object({
    // WordPress says ID; some of its wrappers id.
    ID: legacyInt.optional(),
    id: legacyInt.optional(),
    post_title: legacyText,
    post_content: legacyText.optional(),
    post_category: legacyText.optional(),
    post_date: legacyDate,
    post_status: legacyText,
    post_url: legacyText.optional(),
    guid: legacyText.optional(),
  })
  .loose()
  .refine((post) => post.ID !== undefined || post.id !== undefined, { message: 'a post needs an id' });
export type LegacyPost = z.output<typeof legacyPost>;

/** GET /api/website/wordpress/posts?page=&limit=&query= */
export const legacyPostsAnswer = z.object({ posts: legacyList(legacyPost), categories: legacyList(legacyCategory), total_pages: legacyCount }).loose();

/** One page of GET /api/website/wordpress/pages: `post_parent` is the parent's id, "0" (or missing) at the top. */
export const legacyPage = z
  .object({
    ID: legacyInt.optional(),
    id: legacyInt.optional(),
    post_title: legacyText,
    post_content: legacyText.optional(),
    post_modified: legacyDate,
    post_status: legacyText,
    post_parent: legacyCount.optional(),
    post_url: legacyText.optional(),
    guid: legacyText.optional(),
  })
  .loose()
  .refine((page) => page.ID !== undefined || page.id !== undefined, { message: 'a page needs an id' });
export type LegacyPage = z.output<typeof legacyPage>;

/** GET /api/website/wordpress/pages?page=&limit=&query= */
export const legacyPagesAnswer = z.object({ pages: legacyList(legacyPage), total_pages: legacyCount }).loose();

/** GET /api/website/wordpress/categories */
export const legacyCategoriesAnswer = z.object({ categories: legacyList(legacyCategory) }).loose();

export interface LegacyMenuItem {
  id: number;
  title: string;
  url: string;
  children: LegacyMenuItem[];
}

/** A menu entry: `ID` or `id`, and `children` missing (or false) when it has none. */
export const legacyMenuItem: z.ZodType<LegacyMenuItem, unknown> = z.lazy(() =>
  z
    .object({
      ID: legacyInt.optional(),
      id: legacyInt.optional(),
      title: legacyText,
      url: legacyText,
      children: legacyList(legacyMenuItem),
    })
    .loose()
    .refine((item) => item.ID !== undefined || item.id !== undefined, { message: 'a menu item needs an id' })
    .transform((item) => ({ id: item.ID ?? item.id ?? 0, title: item.title, url: item.url, children: item.children })),
);

/** GET /api/website/menu */
export const legacyMenuAnswer = z.object({ menu: legacyList(legacyMenuItem) }).loose();

/** POST /api/website/posts/toggle: success; some backends send the post back too. */
export const legacyToggleAnswer = z.object({ post: legacyPost.optional() }).loose();

/** POST /api/website/{posts|pages}/{create|update}: the item's id (`id` or `ID`) and its address (`link`, `post_url` or `guid`), each perhaps missing. */
export const legacySaveAnswer = z
  .object({
    id: legacyInt.optional(),
    ID: legacyInt.optional(),
    link: legacyText.optional(),
    post_url: legacyText.optional(),
    guid: legacyText.optional(),
  })
  .loose();

/** Success with nothing to read (delete). */
export const legacyDone = z.object({}).loose();
