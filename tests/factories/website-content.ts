import type { Api } from '../../src/app/api';
import { schoolContext, type SchoolContext } from '../../src/platform/context';
import { isLockedContent } from '../../src/modules/website/rules';
import * as repo from '../../src/modules/website/server/embedded/content/repository';
import { createPage, createPost } from '../../src/modules/website/server/embedded/content/service';
import { get, post, type RequestOptions } from './http';
import type { TestContext } from './runtime';
import type { TestSchool } from './accounts';

/** What the website's services take first for a test school: its context on the test's database, at the clock's moment. */
export function schoolCtx(ctx: TestContext, school: Pick<TestSchool, 'id' | 'label'>): SchoolContext {
  return schoolContext(ctx.db, school, ctx.clock.now);
}

/** POSTs a JSON value (stringified) with the session cookie. */
export function postJson(app: Api, path: string, body: unknown, cookie: string, options: RequestOptions = {}): Promise<Response> {
  return post(app, path, JSON.stringify(body), { ...options, cookie });
}

export function getWith(app: Api, path: string, cookie: string): Promise<Response> {
  return get(app, path, { cookie });
}

export async function addCategory(ctx: TestContext, school: Pick<TestSchool, 'id'>, name: string): Promise<{ id: number; name: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  return { id: await repo.insertCategory(ctx.db, school.id, { name, slug }), name };
}

/**
 * A post created through the service at the context clock's current time (advance the clock
 * between posts to order them); `status` other than publish is set afterwards.
 */
export async function addPost(
  ctx: TestContext,
  school: Pick<TestSchool, 'id' | 'label'>,
  input: { title: string; content?: string; categories?: Array<{ id: number; name: string }>; status?: 'publish' | 'draft' },
): Promise<{ id: number; post_url: string }> {
  const category = Object.fromEntries((input.categories ?? []).map((c) => [String(c.id), c.name]));
  const created = await createPost(schoolCtx(ctx, school), { title: input.title, content: input.content ?? '<p>Body</p>', category, parent: null });
  if (input.status === 'draft') await repo.updateItem(ctx.db, school.id, 'post', created.id, { status: 'draft' });
  return created;
}

/** A page created through the service (pending), then set to `status` (default publish). */
export async function addPage(
  ctx: TestContext,
  school: Pick<TestSchool, 'id' | 'label'>,
  input: { title: string; content?: string; parent?: string | null; status?: 'publish' | 'pending' | 'draft'; menuOrder?: number },
): Promise<{ id: number; post_url: string }> {
  const created = await createPage(schoolCtx(ctx, school), {
    title: input.title,
    content: input.content ?? '<p>Page body</p>',
    category: {},
    parent: input.parent ?? null,
  });
  await repo.updateItem(ctx.db, school.id, 'page', created.id, { status: input.status ?? 'publish' });
  if (input.menuOrder !== undefined) {
    await ctx.db.updateTable('website_posts').set({ menu_order: input.menuOrder }).where('id', '=', created.id).execute();
  }
  return created;
}

/**
 * Sets an item's stored Locked flag as the WXR import does for content from outside the portal
 * (`isLockedContent`): the editor's calls, which the factories use, never lock.
 */
export async function lockAsImported(ctx: TestContext, id: number, content: string): Promise<void> {
  await ctx.db.updateTable('website_posts').set({ locked: isLockedContent(content) ? 1 : 0 }).where('id', '=', id).execute();
}

/** Every row of a school's posts or pages, straight from the table (to prove nothing changed). */
export function itemRows(ctx: TestContext, domainId: number, type: 'post' | 'page') {
  return ctx.db.selectFrom('website_posts').selectAll().where('domain_id', '=', domainId).where('type', '=', type).orderBy('id').execute();
}
