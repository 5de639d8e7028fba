/**
 * The website's calls as the legacy backend answers them (a WordPress behind it): ids and counts
 * as text, categories as comma-separated names, dates as MySQL text or unix seconds.
 */
import { z } from 'zod';
import { legacyCount, legacyDate, legacyInt, legacyList, legacyText } from '../../upstream/legacy';

export const legacyCategory = z.object({ id: legacyInt, name: legacyText }).loose();

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
