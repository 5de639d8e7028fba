import { describe, expect, it } from 'vitest';
import { galleriesResponseSchema, postsResponseSchema, saveResponseSchema } from '../../src/modules/website/contract';
import { dialectOf, isUniqueViolation, skipLocked } from '../../src/platform/db';
import { parseWxr } from '../../src/modules/website/server/embedded/import/wxr';
import { importWxrDocument } from '../../src/modules/website/server/embedded/import/service';
import { schoolCtx } from '../factories/website-content';
import { bodyOf, signedInUser, useTestContext, type TestSchool } from '../factories';
import { getWith, postJson } from '../factories/website-content';

/**
 * What differs between SQLite and PostgreSQL, answered the same on both: this file runs in the
 * `sqlite` project and, with TEST_DATABASE_URL, again in the `postgres` one.
 */
describe('the same answers on SQLite and PostgreSQL', () => {
  const ctx = useTestContext();

  async function websiteUser(): Promise<{ school: TestSchool; cookie: string }> {
    const { school, cookie } = await signedInUser(ctx(), { website: true });
    return { school, cookie };
  }

  async function createPost(cookie: string, title: string): Promise<number> {
    const res = await postJson(ctx().app, '/api/website/posts/create', { title, content: '<p>Body</p>' }, cookie);
    expect(res.status).toBe(200);
    return saveResponseSchema.parse(await bodyOf(res)).id;
  }

  async function search(cookie: string, query: string): Promise<string[]> {
    const res = await getWith(ctx().app, `/api/website/wordpress/posts?limit=100&query=${encodeURIComponent(query)}`, cookie);
    expect(res.status).toBe(200);
    return postsResponseSchema.parse(await bodyOf(res)).posts.map((p) => p.post_title);
  }

  it('knows which database it is on, in a transaction too', async () => {
    expect(dialectOf(ctx().db)).toBe(ctx().database);
    await ctx().db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(ctx().database);
    });
  });

  it('leases rows with FOR UPDATE SKIP LOCKED on PostgreSQL only (SQLite writes one at a time)', async () => {
    const query = skipLocked(ctx().db, ctx().db.selectFrom('website_media').select('id').where('status', '=', 'pending').limit(1));
    const compiled = query.compile().sql;
    if (ctx().database === 'postgres') expect(compiled).toMatch(/for update skip locked$/);
    else expect(compiled).not.toMatch(/for update/);
    await ctx().db.transaction().execute(async (trx) => {
      expect(await skipLocked(trx, trx.selectFrom('website_media').select('id').limit(1)).execute()).toEqual([]);
    });
  });

  it('recognises a unique-constraint clash of either driver', async () => {
    const { school } = await websiteUser();
    const category = { domain_id: school.id, name: 'Twice', slug: 'twice' };
    await ctx().db.insertInto('website_categories').values(category).execute();
    const clash = await ctx().db.insertInto('website_categories').values(category).execute().catch((err: unknown) => err);
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('answers 404 for ids beyond 32 bits, as for any unknown id (never a database range error)', async () => {
    const { cookie } = await websiteUser();
    for (const id of [2 ** 31, 3_000_000_000, Number.MAX_SAFE_INTEGER]) {
      expect((await postJson(ctx().app, '/api/website/posts/delete', { id }, cookie)).status).toBe(404);
      expect((await postJson(ctx().app, '/api/website/posts/toggle', { id, isPublic: true }, cookie)).status).toBe(404);
      expect((await postJson(ctx().app, '/api/website/gallery/update', { uploaded: [id], galleryID: id }, cookie)).status).toBe(404);
      expect((await getWith(ctx().app, `/api/website/wordpress/posts/${id}`, cookie)).status).toBe(404);
    }
  });

  it('stores text without U+0000 (PostgreSQL cannot hold it) and finds it as without', async () => {
    const { cookie } = await websiteUser();
    const gallery = await postJson(ctx().app, '/api/website/gallery/new', { title: 'Sports\u0000 day' }, cookie);
    expect(gallery.status).toBe(200);
    const galleries = galleriesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/galleries', cookie)));
    expect(galleries.galleries.map((g) => g.post_title)).toEqual(['Sports day']);

    await createPost(cookie, 'Null\u0000 title');
    expect(await search(cookie, 'null title')).toEqual(['Null title']);
    expect(await search(cookie, 'null\u0000 title')).toEqual(['Null title']);
    expect(await search(cookie, '\u0000')).toEqual(['Null title']);
  });

  it('keeps a 1000-character title in any script, and finds it by its last words', async () => {
    const { cookie } = await websiteUser();
    // 3 bytes a character in UTF-8: beyond what one PostgreSQL btree entry holds.
    const cjk = `${'学校新闻'.repeat(248)}运动会结束`.slice(0, 1000);
    // Lowercasing lengthens it: 'İ' becomes 'i' and a combining dot.
    const dotted = 'İ'.repeat(1000);
    const astral = '𝒜'.repeat(500); // 1000 UTF-16 units, 500 characters
    for (const title of [cjk, dotted, astral]) await createPost(cookie, title);
    expect(await search(cookie, '运动会结束')).toEqual([cjk]);
    expect(await search(cookie, 'i̇i̇i̇')).toEqual([dotted]);
    expect(await search(cookie, '𝒜𝒜')).toEqual([astral]);
  });

  it('searches case-insensitively beyond ASCII, the same on both', async () => {
    const { cookie } = await websiteUser();
    for (const title of ['ÉCOLE d’été', 'Straße fest', 'ΣΧΟΛΕΙΟ']) await createPost(cookie, title);
    expect(await search(cookie, 'école')).toEqual(['ÉCOLE d’été']);
    expect(await search(cookie, 'STRASSE')).toEqual([]);
    expect(await search(cookie, 'STRAẞE')).toEqual(['Straße fest']);
    expect(await search(cookie, 'σχολειο')).toEqual(['ΣΧΟΛΕΙΟ']);
  });

  it('gives saves of one title at the same moment a slug each, no error', async () => {
    const { cookie } = await websiteUser();
    // On PostgreSQL they run side by side on the pool's connections and take turns for the slug.
    const saves = await Promise.all(
      Array.from({ length: 8 }, () => postJson(ctx().app, '/api/website/posts/create', { title: 'Same moment', content: '' }, cookie)),
    );
    expect(saves.map((res) => res.status)).toEqual(Array(8).fill(200));
    const urls = await Promise.all(saves.map(async (res) => saveResponseSchema.parse(await bodyOf(res)).post_url));
    expect(new Set(urls).size).toBe(8);
  });

  it('orders posts of the same second newest id first', async () => {
    const { cookie } = await websiteUser();
    const ids = [];
    for (const title of ['b', 'B', 'a', 'A', 'é', 'E']) ids.push(await createPost(cookie, title));
    const res = await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', cookie);
    expect(postsResponseSchema.parse(await bodyOf(res)).posts.map((p) => p.id)).toEqual(ids.reverse());
  });

  it('imports a WordPress title or category name longer than the columns, cut to fit', async () => {
    const { school } = await websiteUser();
    const longTitle = 'Long title '.repeat(150);
    const longName = 'Category name '.repeat(30);
    const xml = `<?xml version="1.0"?>
<rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><wp:wxr_version>1.2</wp:wxr_version>
<item><title>${longTitle}</title><wp:post_id>1</wp:post_id><wp:post_name>long</wp:post_name><wp:post_type>post</wp:post_type>
<wp:status>publish</wp:status><wp:post_date_gmt>2024-01-01 00:00:00</wp:post_date_gmt>
<category domain="category" nicename="long-name"><![CDATA[${longName}]]></category>
<content:encoded><![CDATA[<p>Text</p>]]></content:encoded></item>
</channel></rss>`;
    const counts = await importWxrDocument(schoolCtx(ctx(), school), parseWxr(xml, ctx().clock.now));
    expect(counts).toMatchObject({ posts: 1, categories: 1 });
    const row = await ctx().db.selectFrom('website_posts').select('title').where('domain_id', '=', school.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(longTitle.slice(0, 1000));
    const category = await ctx().db.selectFrom('website_categories').select('name').where('domain_id', '=', school.id).executeTakeFirstOrThrow();
    expect(category.name).toBe(longName.trim().slice(0, 200));
  });
});
