import { Hono, type Context } from 'hono';
import { schoolOf, type AuthedEnv } from '../http/types';
import { ok } from '../http/envelope';
import { requireAuth, validate } from '../http/middleware';
import {
  deleteRequestSchema,
  listQuerySchema,
  saveRequestSchema,
  SAVE_REQUEST_MAX_BYTES,
  toggleRequestSchema,
  type CategoriesResponse,
  type MenuResponse,
  type PageResponse,
  type PagesResponse,
  type PostResponse,
  type PostsResponse,
  type SaveResponse,
  type ToggleResponse,
} from '../../contracts/website';
import type { Success } from '../../contracts/envelope';
import * as website from './service';

/** A path's `{id}`: the same rule as the id of a request body. */
const idParamSchema = deleteRequestSchema;

type Body<T> = Omit<T, keyof Success<object>>;

/** Answers with a service call's result; its refusals reach the API's error handler. */
async function answer<T extends object>(c: Context<AuthedEnv>, work: () => Promise<T>) {
  return ok(c, await work());
}

/** Posts, pages, categories and the menu (spec section 7, Website), mounted at /api/website. */
export const websiteContentRoutes = new Hono<AuthedEnv>()
  .use('*', requireAuth)
  .get('/wordpress/categories', (c) =>
    answer(c, async (): Promise<Body<CategoriesResponse>> => ({ categories: await website.listCategories(c.get('runtime').db, schoolOf(c).id) })),
  )
  .get('/wordpress/posts', validate('query', listQuerySchema), (c) =>
    answer(c, (): Promise<Body<PostsResponse>> => website.listPosts(c.get('runtime').db, schoolOf(c), c.req.valid('query'))),
  )
  .get('/wordpress/posts/:id', validate('param', idParamSchema), (c) =>
    answer(c, async (): Promise<Body<PostResponse>> => ({ post: await website.getPost(c.get('runtime').db, schoolOf(c), c.req.valid('param').id) })),
  )
  .get('/wordpress/pages', validate('query', listQuerySchema), (c) =>
    answer(c, (): Promise<Body<PagesResponse>> => website.listPages(c.get('runtime').db, schoolOf(c), c.req.valid('query'))),
  )
  .get('/wordpress/pages/:id', validate('param', idParamSchema), (c) =>
    answer(c, async (): Promise<Body<PageResponse>> => ({ page: await website.getPage(c.get('runtime').db, schoolOf(c), c.req.valid('param').id) })),
  )
  .get('/menu', (c) => answer(c, async (): Promise<Body<MenuResponse>> => ({ menu: await website.getMenu(c.get('runtime').db, schoolOf(c)) })))
  .post('/posts/toggle', validate('json', toggleRequestSchema), (c) => {
    const { db, clock } = c.get('runtime');
    return answer(c, async (): Promise<Body<ToggleResponse>> => ({ post: await website.togglePost(db, schoolOf(c), c.req.valid('json'), clock()) }));
  })
  .post('/posts/delete', validate('json', deleteRequestSchema), (c) =>
    answer(c, async () => {
      await website.deletePost(c.get('runtime').db, schoolOf(c), c.req.valid('json').id);
      return {};
    }),
  )
  .post('/posts/create', validate('json', saveRequestSchema, { maxBytes: SAVE_REQUEST_MAX_BYTES }), (c) => {
    const { db, clock } = c.get('runtime');
    return answer(c, (): Promise<Body<SaveResponse>> => website.createPost(db, schoolOf(c), c.req.valid('json'), clock()));
  })
  .post('/posts/update', validate('json', saveRequestSchema, { maxBytes: SAVE_REQUEST_MAX_BYTES }), (c) => {
    const { db, clock } = c.get('runtime');
    return answer(c, (): Promise<Body<SaveResponse>> => website.updatePost(db, schoolOf(c), c.req.valid('json'), clock()));
  })
  .post('/pages/create', validate('json', saveRequestSchema, { maxBytes: SAVE_REQUEST_MAX_BYTES }), (c) => {
    const { db, clock } = c.get('runtime');
    return answer(c, (): Promise<Body<SaveResponse>> => website.createPage(db, schoolOf(c), c.req.valid('json'), clock()));
  })
  .post('/pages/update', validate('json', saveRequestSchema, { maxBytes: SAVE_REQUEST_MAX_BYTES }), (c) => {
    const { db, clock } = c.get('runtime');
    return answer(c, (): Promise<Body<SaveResponse>> => website.updatePage(db, schoolOf(c), c.req.valid('json'), clock()));
  });
