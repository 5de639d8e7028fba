import type { KyselyPlugin, QueryResult, UnknownRow } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLockedContent, LOCKED_CONTENT_MARKERS } from '../contract';
import { schoolContext, type SchoolContext } from '../../../platform/context';
import { findEditorItem, listPages, listPosts, loadPagesScreen, loadPostsScreen, togglePost } from '../server/embedded/content/service';
import { loadEditorScreen } from '../server/screens';
import { createGallery } from '../server/embedded/galleries/service';
import { renderSiteContent } from '../server/embedded/site/service';
import { createTestSchool, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addCategory, addPage, addPost, lockAsImported } from '../../../../tests/factories/website-content';

/**
 * The website's hot paths stay cheap (issue 7 part 8): how many queries a call makes, and that
 * the list screens never read post content into the server. Counted on the service's own
 * database handle, so the figures hold on SQLite and PostgreSQL alike.
 */

interface Recorder {
  queries: number;
  /** Result rows that carried a `content` column. */
  contentRows: number;
}

function recording(ctx: SchoolContext): { ctx: SchoolContext; recorder: Recorder } {
  const recorder: Recorder = { queries: 0, contentRows: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      recorder.queries += 1;
      return args.node;
    },
    async transformResult(args): Promise<QueryResult<UnknownRow>> {
      recorder.contentRows += args.result.rows.filter((row) => 'content' in row).length;
      return args.result;
    },
  };
  return { ctx: { ...ctx, db: ctx.db.withPlugin(plugin) }, recorder };
}

/** The editor's screen as its page loads it, over the embedded backend's read. */
const editorScreen = (at: SchoolContext, kind: 'post' | 'page', rawId: string) => loadEditorScreen({ editorItem: (k, id) => findEditorItem(at, k, id) }, kind, rawId);

describe('website hot paths', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  const contents = [
    '<p>Plain</p>',
    '<p>[vc_row][vc_column]Built[/vc_column][/vc_row]</p>',
    '<table style="border-collapse: collapse">x</table>',
    '<table style="border-collapse:collapse">x</table>',
    '<p>[gravityform id="1"]</p>',
    '<p>[VC_ROW] is not the marker: markers match case-sensitively</p>',
    '<p>vc_row without its bracket</p>',
  ];

  const at = () => schoolContext(ctx().db, school, ctx().clock.now);

  beforeAll(async () => {
    school = await createTestSchool(ctx(), { products: { website: true } });
    const news = await addCategory(ctx(), school, 'Newsflash');
    const sport = await addCategory(ctx(), school, 'Sport');
    for (const [i, content] of contents.entries()) {
      // As imported: only content from outside the portal is Locked.
      await lockAsImported(ctx(), (await addPost(ctx(), school, { title: `Post ${i}`, content, categories: i % 2 ? [news, sport] : [news] })).id, content);
      await lockAsImported(ctx(), (await addPage(ctx(), school, { title: `Page ${i}`, content })).id, content);
      ctx().clock.advance(60);
    }
  });

  it('toggles a post in at most two queries, answering the post as the API did', async () => {
    const [newest] = (await listPosts(at(), { page: 1, limit: 1 })).posts;
    if (!newest) throw new Error('no post');
    ctx().clock.advance(5);
    const { ctx: counted, recorder } = recording(at());
    const toggled = await togglePost(counted, { id: newest.id, isPublic: false });
    expect(recorder.queries).toBeLessThanOrEqual(2);
    expect(toggled).toEqual({ ...newest, post_status: 'draft' });
    expect((await listPosts(at(), { page: 1, limit: 1 })).posts[0]).toEqual(toggled);
  });

  it('refuses a toggle of a missing post in one query, changing nothing', async () => {
    const { ctx: counted, recorder } = recording(at());
    await expect(togglePost(counted, { id: 999_999, isPublic: true })).rejects.toMatchObject({ status: 404, message: 'That post does not exist.' });
    expect(recorder.queries).toBe(1);
  });

  it('loads the posts screen in three queries, without content or categories, Locked as the contract decides', async () => {
    expect(LOCKED_CONTENT_MARKERS.length).toBeGreaterThan(0);
    const { ctx: counted, recorder } = recording(at());
    const screen = await loadPostsScreen(counted, { page: 1, query: '' });
    expect(recorder).toEqual({ queries: 3, contentRows: 0 });

    const api = await listPosts(at(), { page: 1, limit: 10 });
    expect(screen.total_pages).toBe(api.total_pages);
    expect(screen.rows).toEqual(api.posts.map(({ post_content, ...post }) => ({ ...post, locked: isLockedContent(post_content) })));
    expect(screen.rows.filter((r) => r.locked)).toHaveLength(4);
  });

  it('loads the pages screen in two queries, without content', async () => {
    const { ctx: counted, recorder } = recording(at());
    const screen = await loadPagesScreen(counted, { page: 1, query: 'page' });
    expect(recorder).toEqual({ queries: 2, contentRows: 0 });
    const api = await listPages(at(), { page: 1, limit: 10, query: 'page' });
    expect(screen.rows).toEqual(api.pages.map(({ post_content, ...page }) => ({ ...page, locked: isLockedContent(post_content) })));
  });

  it('opens the editor on a page in one query, on a post in two', async () => {
    const [page] = (await loadPagesScreen(at(), { page: 1, query: '' })).rows;
    const [post] = (await loadPostsScreen(at(), { page: 1, query: '' })).rows;
    if (!page || !post) throw new Error('no items');
    const pageRun = recording(at());
    expect((await editorScreen(pageRun.ctx, 'page', String(page.id))).item?.id).toBe(page.id);
    expect(pageRun.recorder.queries).toBe(1);
    const postRun = recording(at());
    expect((await editorScreen(postRun.ctx, 'post', String(post.id))).item?.categoryNames).toBe(post.post_category);
    expect(postRun.recorder.queries).toBe(2);
    const bad = recording(at());
    expect(await editorScreen(bad.ctx, 'post', '07')).toEqual({ id: Number.NaN, item: null });
    expect(bad.recorder.queries).toBe(0);
  });

  it('renders every gallery slider of an item with one query', async () => {
    const ids = [];
    for (const title of ['One', 'Two', 'Three']) ids.push((await createGallery(at(), title)).id);
    const html = ids.map((id) => `<p>[gallery_slider id="${id}"]</p>`).join('\n') + '<p>[gallery_slider id="999999"]</p>';
    const { ctx: counted, recorder } = recording(at());
    await renderSiteContent(counted, html);
    expect(recorder.queries).toBe(1);
  });
});
