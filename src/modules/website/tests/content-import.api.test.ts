import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categoriesResponseSchema, menuResponseSchema, pageResponseSchema, pagesResponseSchema, postsResponseSchema } from '../contract';
import { runCommand } from '../../../../tests/factories/cli';
import { seedDemoIfEmpty, DEMO_SCHOOL } from '../../../app/seed/demo';
import { DEMO_WXR_FILE, seedDemoWebsite } from '../server/embedded/seed';
import { importWxr } from '../server/embedded/import/service';
import { parseWxr } from '../server/embedded/import/wxr';
import { addTestUser, bodyOf, createTestContext, createTestSchool, makeTempDir, signIn, useEnvironmentDatabase, useTestContext, type TestSchool } from '../../../../tests/factories';
import { getWith, itemRows, schoolCtx } from '../../../../tests/factories/website-content';

const FIXTURE = path.resolve('fixtures/wordpress/themeunittestdata.wordpress.xml');
const xml = fs.readFileSync(FIXTURE, 'utf8');

/** What the theme unit test data holds (counted in the file): posts, pages, categories. */
const EXPECTED = { posts: 58, publishedPosts: 55, pages: 21, publishedPages: 21, categories: 68 };

describe('WordPress import', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';

  beforeAll(async () => {
    school = await createTestSchool(ctx(), { products: { website: true } });
    cookie = await signIn(ctx().app, await addTestUser(ctx(), school));
  });

  it('imports the fixture’s posts, pages and categories into a fresh school', async () => {
    const counts = await importWxr(schoolCtx(ctx(), school), xml);
    expect(counts).toEqual({ posts: EXPECTED.posts, pages: EXPECTED.pages, categories: EXPECTED.categories, skipped: 0 });

    const posts = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', cookie)));
    expect(posts.posts).toHaveLength(EXPECTED.posts);
    expect(posts.posts.filter((p) => p.post_status === 'publish')).toHaveLength(EXPECTED.publishedPosts);
    // Draft, scheduled (future) and password-protected posts are not public.
    expect(posts.posts.filter((p) => p.post_status === 'draft').map((p) => p.post_title).sort()).toEqual([
      'Draft',
      'Scheduled',
      'Template: Password Protected (the password is "enter")',
    ]);

    const pages = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?limit=100', cookie)));
    expect(pages.pages).toHaveLength(EXPECTED.pages);
    const statuses = await ctx().db.selectFrom('website_posts').select('status').where('domain_id', '=', school.id).where('type', '=', 'page').execute();
    expect(statuses.filter((r) => r.status === 'publish')).toHaveLength(EXPECTED.publishedPages);

    const categories = categoriesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/categories', cookie)));
    expect(categories.categories).toHaveLength(EXPECTED.categories);
    expect(categories.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Classic', 'Edge Case', 'Markup', 'Post Formats', 'Uncategorized']));
  });

  it('keeps dates, titles, categories and paragraphs as the WordPress site showed them', async () => {
    const posts = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', cookie))).posts;
    const markup = posts.find((p) => p.post_url.endsWith('/posts/markup-html-tags-and-formatting'));
    expect(markup).toMatchObject({
      post_title: 'Markup: HTML Tags and Formatting',
      post_date: '2013-01-12T03:22:19.000Z', // wp:post_date_gmt (wp:post_date is 20:22 local)
      post_category: 'Classic, Markup',
      post_status: 'publish',
    });
    expect(markup?.post_content).toContain('<h2>Blockquotes</h2>');
    expect(markup?.post_content).toContain('<p>Single line blockquote:</p>');
    // A title with markup becomes plain text.
    expect(posts.map((p) => p.post_title)).toContain('Markup: Title With Markup');
    // Content that WordPress stores without <p> is paragraphed; nothing that runs survives.
    for (const post of posts) {
      expect(post.post_content).not.toMatch(/<script|\son\w+=|javascript:/i);
    }
    // Newest first: the scheduled post (2030) leads the staff list.
    expect(posts[0]?.post_title).toBe('Scheduled');
  });

  it('links each child page to its parent page', async () => {
    const pages = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?limit=100', cookie))).pages;
    const byTitle = (title: string) => pages.find((p) => p.post_title === title);
    const parentOf = async (title: string) => {
      const page = byTitle(title);
      if (!page) throw new Error(`No page ${title}`);
      return pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${page.id}`, cookie))).page.parent;
    };
    // Level 3 comes before its parent Level 2 in the file.
    expect(await parentOf('Level 3')).toBe('Level 2');
    expect(await parentOf('Level 2')).toBe('Level 1');
    expect(await parentOf('Level 1')).toBeNull();
    expect(await parentOf('Page Image Alignment')).toBe('About The Tests');
    expect(await parentOf('Επίπεδο 3')).toBe('Επίπεδο 2 -Second Greek level');
    expect(byTitle('Επίπεδο 2 -Second Greek level')?.post_url).toBe(`/sites/${school.label}/${encodeURIComponent('επίπεδο-2')}`);

    const menu = menuResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/menu', cookie))).menu;
    const about = menu.find((m) => m.title === 'About The Tests');
    expect(about?.children.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Page Image Alignment', 'Page Markup And Formatting', 'Clearing Floats', 'Page with comments']),
    );
    const level1 = menu.find((m) => m.title === 'Level 1');
    expect(level1?.children.find((c) => c.title === 'Level 2')?.children.map((c) => c.title)).toEqual(['Level 3', 'Level 3a', 'Level 3b']);
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = { posts: await itemRows(ctx(), school.id, 'post'), pages: await itemRows(ctx(), school.id, 'page') };
    const categoriesBefore = await ctx().db.selectFrom('website_categories').selectAll().where('domain_id', '=', school.id).execute();
    const counts = await importWxr({ ...schoolCtx(ctx(), school), now: ctx().clock.now + 1000 }, xml);
    expect(counts).toEqual({ posts: 0, pages: 0, categories: 0, skipped: EXPECTED.posts + EXPECTED.pages });
    expect(await itemRows(ctx(), school.id, 'post')).toEqual(before.posts);
    expect(await itemRows(ctx(), school.id, 'page')).toEqual(before.pages);
    expect(await ctx().db.selectFrom('website_categories').selectAll().where('domain_id', '=', school.id).execute()).toEqual(categoriesBefore);
  });

  it("imports into one school only: another school's site is untouched", async () => {
    const other = await createTestSchool(ctx(), { products: { website: true } });
    expect(await itemRows(ctx(), other.id, 'post')).toEqual([]);
    expect(await itemRows(ctx(), other.id, 'page')).toEqual([]);
  });

  it('maps statuses: non-public posts become drafts, non-public pages pending (reviewed from the import)', async () => {
    const wxr = `<?xml version="1.0"?><rss xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><wp:wxr_version>1.2</wp:wxr_version>
      ${['publish', 'draft', 'pending', 'private', 'future', 'trash']
        .flatMap((status, i) => [
          `<item><title>Post ${status}</title><wp:post_id>${i + 1}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>${status}</wp:status><wp:post_name>post-${status}</wp:post_name><wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_date>2020-02-03 04:05:06</wp:post_date><content:encoded><![CDATA[Line one
line two

Second paragraph]]></content:encoded></item>`,
          `<item><title>Page ${status}</title><wp:post_id>${i + 101}</wp:post_id><wp:post_type>page</wp:post_type><wp:status>${status}</wp:status><wp:post_name>page-${status}</wp:post_name><wp:post_date_gmt>2019-01-01 00:00:00</wp:post_date_gmt></item>`,
        ])
        .join('')}
      <item><title>An attachment</title><wp:post_id>500</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status></item>
    </channel></rss>`;
    const doc = parseWxr(wxr, 1_800_000_000);
    expect(doc.items.map((i) => `${i.type} ${i.slug} ${i.status}`)).toEqual([
      'post post-publish publish',
      'page page-publish publish',
      'post post-draft draft',
      'page page-draft pending',
      'post post-pending draft',
      'page page-pending pending',
      'post post-private draft',
      'page page-private pending',
      'post post-future draft',
      'page page-future pending',
    ]);
    const post = doc.items[0];
    expect(post?.date).toBe(Date.parse('2020-02-03T04:05:06Z') / 1000);
    expect(post?.content).toBe('<p>Line one<br />\nline two</p>\n<p>Second paragraph</p>\n');
    expect(doc.items[1]?.date).toBe(Date.parse('2019-01-01T00:00:00Z') / 1000);

    const s = await createTestSchool(ctx(), { products: { website: true } });
    await importWxr(schoolCtx(ctx(), s), wxr);
    const pending = (await itemRows(ctx(), s.id, 'page')).filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(4);
    for (const page of pending) expect(Number(page.created_at)).toBe(ctx().clock.now);
  });

  it.each([
    ['not XML at all', 'hello'],
    ['XML that is not WXR', '<?xml version="1.0"?><note><to>x</to></note>'],
    ['RSS without wp:wxr_version', '<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>'],
    ['truncated XML', xml.slice(0, 5000)],
    ['entity declarations', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><rss><channel><wp:wxr_version>1.2</wp:wxr_version></channel></rss>'],
  ])('refuses %s as not a WXR file', (_name, text) => {
    expect(() => parseWxr(text, 0)).toThrow(expect.objectContaining({ status: 400, code: 'not_wxr' }));
  });
});

describe('operator commands import-wxr and publish-pages', () => {
  let dataDir = '';
  // On PostgreSQL (the postgres test project) the command and the checks share a database of the test's own.
  let database: Awaited<ReturnType<typeof useEnvironmentDatabase>> | undefined;
  const savedDataDir = process.env.PORTAL_DATA_DIR;
  const run = runCommand;

  // Each test gets its own data folder with the school wxr.school: no test depends on another's order.
  beforeEach(async () => {
    dataDir = makeTempDir('portal-wxr-');
    process.env.PORTAL_DATA_DIR = dataDir;
    database = await useEnvironmentDatabase();
    expect((await run('create-school', 'wxr.school', '--create', '--name', 'WXR School', '--products', 'website')).code).toBe(0);
  });
  afterEach(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });
  afterAll(() => {
    if (savedDataDir === undefined) delete process.env.PORTAL_DATA_DIR;
    else process.env.PORTAL_DATA_DIR = savedDataDir;
  });

  async function countItems(): Promise<number> {
    const local = await createTestContext({ dataDir });
    try {
      const row = await local.db.selectFrom('website_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await local.close();
    }
  }

  it('refuses an unknown school, a missing file and a file that is not WXR with exit code 2, importing nothing', async () => {
    const unknown = await run('import-wxr', FIXTURE, '--school', 'nowhere.school');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No school has the label nowhere.school');

    const missing = await run('import-wxr', path.join(dataDir, 'missing.xml'), '--school', 'wxr.school');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('There is no file');

    const bad = path.join(dataDir, 'bad.xml');
    fs.writeFileSync(bad, '<html><body>not an export</body></html>');
    const notWxr = await run('import-wxr', bad, '--school', 'wxr.school');
    expect(notWxr.code).toBe(2);
    expect(notWxr.err).toContain('not a WordPress export');

    expect((await run('import-wxr', FIXTURE)).code).toBe(2);
    expect(await countItems()).toBe(0);
  });

  it('imports a file and prints the counts; a second run adds nothing', async () => {
    const first = await run('import-wxr', FIXTURE, '--school', 'wxr.school');
    expect(first.code).toBe(0);
    expect(first.out).toBe(`Imported ${EXPECTED.posts} posts, ${EXPECTED.pages} pages and ${EXPECTED.categories} new categories into wxr.school.`);
    const second = await run('import-wxr', FIXTURE, '--school', 'wxr.school');
    expect(second.code).toBe(0);
    expect(second.out).toContain('Imported 0 posts, 0 pages and 0 new categories');
    expect(second.out).toContain(`Skipped ${EXPECTED.posts + EXPECTED.pages} items`);
    expect(await countItems()).toBe(EXPECTED.posts + EXPECTED.pages);
  });

  it('leaves out an item beyond the HTML limits and says which, importing the rest', async () => {
    const fixture = fs.readFileSync(FIXTURE, 'utf8');
    // The fixture with one post's content replaced by 300 levels of nesting.
    const hostile = fixture.replace(
      /(<title>Markup: HTML Tags and Formatting<\/title>[\s\S]*?<content:encoded><!\[CDATA\[)[\s\S]*?(\]\]><\/content:encoded>)/,
      `$1${'<div>'.repeat(300)}$2`,
    );
    expect(hostile).not.toBe(fixture);
    const file = path.join(dataDir, 'hostile.xml');
    fs.writeFileSync(file, hostile);

    const result = await run('import-wxr', file, '--school', 'wxr.school');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Imported ${EXPECTED.posts - 1} posts`);
    expect(result.out).toMatch(/Skipped the post "Markup: HTML Tags and Formatting" \(.+\): The content is nested too deeply/);
    expect(await countItems()).toBe(EXPECTED.posts - 1 + EXPECTED.pages);
  });

  it('publishes pending pages now, of one school or of all', async () => {
    const local = await createTestContext({ dataDir });
    try {
      const s = await createTestSchool(local, { products: { website: true } });
      const t = await createTestSchool(local, { products: { website: true } });
      const { addPage } = await import('../../../../tests/factories/website-content');
      const mine = await addPage(local, s, { title: 'Mine', status: 'pending' });
      const theirs = await addPage(local, t, { title: 'Theirs', status: 'pending' });
      const status = async (id: number) =>
        (await local.db.selectFrom('website_posts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

      const unknown = await run('publish-pages', '--school', 'nowhere.school');
      expect(unknown.code).toBe(2);

      const one = await run('publish-pages', '--school', s.label);
      expect(one).toMatchObject({ code: 0, out: `Published 1 page of ${s.label}.` });
      expect([await status(mine.id), await status(theirs.id)]).toEqual(['publish', 'pending']);

      const all = await run('publish-pages');
      expect(all).toMatchObject({ code: 0, out: 'Published 1 page across all schools.' });
      expect(await status(theirs.id)).toBe('publish');
    } finally {
      await local.close();
    }
  });
});

describe('demo seed', () => {
  it('gives the demo school the fixture’s content and the Newsflash category, once', async () => {
    const local = await createTestContext();
    try {
      const admin = await seedDemoIfEmpty(local.db, { PORTAL_DATA_DIR: local.config.PORTAL_DATA_DIR, PORTAL_ADMIN_EMAIL: undefined, PORTAL_ADMIN_PASSWORD: 'demo-password-1', PORTAL_DEMO: 'on' }, () => local.clock.now);
      expect(admin).not.toBeNull();
      const demo = await local.db.selectFrom('domains').select('id').where('label', '=', DEMO_SCHOOL.label).executeTakeFirstOrThrow();
      expect(await itemRows(local, demo.id, 'post')).toHaveLength(EXPECTED.posts);
      expect(await itemRows(local, demo.id, 'page')).toHaveLength(EXPECTED.pages);
      const names = (await local.db.selectFrom('website_categories').select('name').where('domain_id', '=', demo.id).execute()).map((r) => r.name);
      expect(names).toContain('Newsflash');
      expect(names).toContain('Newsletters');

      expect(await seedDemoIfEmpty(local.db, { PORTAL_DATA_DIR: local.config.PORTAL_DATA_DIR, PORTAL_ADMIN_EMAIL: undefined, PORTAL_ADMIN_PASSWORD: undefined, PORTAL_DEMO: 'on' }, () => local.clock.now)).toBeNull();
      expect(await itemRows(local, demo.id, 'post')).toHaveLength(EXPECTED.posts);
    } finally {
      await local.close();
    }
  });

  it('logs one line and goes on when the fixture is missing', async () => {
    const local = await createTestContext();
    const cwd = process.cwd();
    const elsewhere = makeTempDir('portal-nofixture-');
    try {
      const s = await createTestSchool(local, { products: { website: true } });
      const lines: string[] = [];
      process.chdir(elsewhere);
      const result = await seedDemoWebsite(schoolCtx(local, s), { dataDir: local.config.PORTAL_DATA_DIR, log: (line) => lines.push(line) });
      expect(result).toBeNull();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(DEMO_WXR_FILE);
      const names = (await local.db.selectFrom('website_categories').select('name').where('domain_id', '=', s.id).execute()).map((r) => r.name);
      expect(names.sort()).toEqual(['Newsflash', 'Newsletters']);
    } finally {
      process.chdir(cwd);
      fs.rmSync(elsewhere, { recursive: true, force: true });
      await local.close();
    }
  });
});
