/**
 * The request parameters every module's calls share: an id (body field, path `{id}`, form field)
 * and a list's `?page=&limit=&query=`.
 */
import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE_LIMIT, MAX_QUERY_LENGTH } from '../lists/paging';

/**
 * An id in a request (a body field, a path's `{id}`, a form field): a positive whole number, each
 * problem named. The API's one id rule; addresses (`?id=`) use the website rules' `parseId`, the
 * same rule without the messages.
 */
export const idSchema = z.coerce.number({ error: 'id must be a number.' }).int('id must be a whole number.').positive('id must be positive.');

/** A path's `{id}`: the same rule as the id of a request body. */
export const idParamsSchema = z.object({ id: idSchema });

/** `?page=` of a paged list: from 1, the first page when absent. */
export const pageNumberSchema = z.coerce
  .number({ error: 'page must be a number.' })
  .int('page must be a whole number.')
  .min(1, 'page starts at 1.')
  .max(1_000_000, 'page is too large.')
  .default(1);

/** `?page=&limit=&query=` of the list calls. */
export const listQuerySchema = z.object({
  page: pageNumberSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MAX_PAGE_LIMIT, `limit can be at most ${MAX_PAGE_LIMIT}.`)
    .default(LIST_PAGE_SIZE),
  query: z.string().trim().max(MAX_QUERY_LENGTH, `query can be at most ${MAX_QUERY_LENGTH} characters.`).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
