import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Post } from '../../contract';
import { toPostRow } from '../../lists';
import { createPostsStore, POST_DELETED, POST_UPDATED, POSTS_FAILURE } from './posts';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const TZ = 'Europe/London';

const post = (id: number, status: Post['post_status'] = 'publish'): Post => ({
  id,
  post_title: `Post ${id}`,
  post_content: '<p>Text</p>',
  post_category: 'Newsflash',
  post_date: '2025-03-01T09:00:00.000Z',
  post_status: status,
  post_url: `https://school.test/?p=${id}`,
});
const page = (...posts: Post[]) => ({ posts, categories: [], total_pages: 2, total: 12 });

function createStore(rows: Post[] = [post(1), post(2, 'draft'), post(3)], pageNumber = 1) {
  return createPostsStore({
    initial: { rows: rows.map((p) => toPostRow(p, TZ, false)), page: pageNumber, query: '', filters: {}, totalPages: 2, total: 12, pageSize: 10 },
    timeZone: TZ,
    pageSize: 10,
  });
}
const rowOf = (store: ReturnType<typeof createStore>, id: number) => {
  const row = store.$list.get().rows.find((r) => r.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe('Manage Posts', () => {
  const browser = useFakeBrowser('/website/posts');

  it('shows hidden posts sorted by title with the posts call’s words; a failure says the posts’ text', async () => {
    browser.api.answer(websiteApi.posts, page(post(2, 'draft'))).refuse(websiteApi.posts);
    const store = createStore();

    expect(await store.setFilter('status', 'hidden')).toBe(true);
    expect(await store.setFilter('sort', 'title')).toBe(false);
    expect(browser.api.sentTo(websiteApi.posts).map((c) => c.url)).toEqual([
      '/api/website/wordpress/posts?page=1&limit=10&status=hidden',
      '/api/website/wordpress/posts?page=1&limit=10&status=hidden&sort=title',
    ]);
    expect(store.$list.get().rows.map((r) => [r.id, r.state])).toEqual([[2, 'hidden']]);
    expect(toastTexts()).toEqual([`error: ${POSTS_FAILURE}`]);
  });

  it('publishes a hidden post: the row shows the server’s answer', async () => {
    browser.api.answer(websiteApi.togglePost, { post: post(2, 'publish') });
    const store = createStore();

    const toggling = store.toggle(rowOf(store, 2));
    expect(store.$busy.get().has(2)).toBe(true);
    expect(await toggling).toBe(true);
    expect(browser.api.sentTo(websiteApi.togglePost)[0]?.body).toEqual({ id: 2, isPublic: true });
    expect(rowOf(store, 2)).toMatchObject({ isPublic: true, state: 'public' });
    expect(store.$busy.get().size).toBe(0);
    expect(toastTexts()).toEqual([`success: ${POST_UPDATED}`]);
  });

  it('keeps the row as it was when the toggle fails', async () => {
    browser.api.refuse(websiteApi.togglePost);
    const store = createStore();
    expect(await store.toggle(rowOf(store, 1))).toBe(false);
    expect(rowOf(store, 1).isPublic).toBe(true);
    expect(toastTexts()).toEqual([`error: ${POSTS_FAILURE}`]);
  });

  it('deletes a post and shows the page again', async () => {
    browser.api.answer(websiteApi.deletePost, {}).answer(websiteApi.posts, page(post(2, 'draft'), post(3)));
    const store = createStore();

    expect(await store.remove(rowOf(store, 1))).toBe(true);
    expect(browser.api.sentTo(websiteApi.deletePost)[0]?.body).toEqual({ id: 1 });
    expect(store.$list.get().rows.map((r) => r.id)).toEqual([2, 3]);
    expect(toastTexts()).toEqual([`success: ${POST_DELETED}`]);
  });

  it('applies a bulk action to the ticked posts, then clears the ticks and shows the page again', async () => {
    browser.api.answer(websiteApi.bulkPosts, { count: 2 }).answer(websiteApi.posts, page(post(1, 'draft'), post(2, 'draft'), post(3, 'draft')));
    const store = createStore();
    expect(await store.bulk('hide')).toBe(false);

    store.selectAll(true);
    store.select(2, false);
    expect(await store.bulk('hide')).toBe(true);

    expect(browser.api.sentTo(websiteApi.bulkPosts).map((c) => c.body)).toEqual([{ ids: [1, 3], action: 'hide' }]);
    expect(store.$selected.get().size).toBe(0);
    expect(store.$list.get().rows.every((r) => !r.isPublic)).toBe(true);
    expect(toastTexts()).toEqual(['success: Success! 2 posts hidden.']);
  });

  it('keeps the ticks and says the server’s reason when a bulk action is refused, and still shows the page as it is', async () => {
    browser.api.refuse(websiteApi.bulkPosts, { message: 'Post 3 no longer exists. Nothing was changed.' }).answer(websiteApi.posts, page(post(1), post(3)));
    const store = createStore();
    store.select(1, true);
    store.select(3, true);

    expect(await store.bulk('delete')).toBe(false);
    expect(toastTexts()).toEqual(['error: Error! Post 3 no longer exists. Nothing was changed.']);
    expect([...store.$selected.get()]).toEqual([1, 3]);
    expect(store.$bulkBusy.get()).toBe(false);
    expect(browser.api.sentTo(websiteApi.posts)).toHaveLength(1);
  });

  it('keeps only the ticks of rows still shown after another page loads', async () => {
    browser.api.answer(websiteApi.posts, page(post(3), post(4)));
    const store = createStore();
    store.selectAll(true);
    await store.goToPage(2);
    expect([...store.$selected.get()]).toEqual([3]);
  });
});
