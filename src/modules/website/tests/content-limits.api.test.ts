import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../platform/work/task';
import { saveResponseSchema } from '../contract';
import { checkHtmlLimits, HTML_LIMIT_MESSAGES, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_HTML_LENGTH } from '../../../platform/html/html-limits';
import { measureHtml } from '../../../platform/html/html-shape';
import { schoolContext } from '../../../platform/context';
import { excerptOf, findPublicSite, getPublishedPost, renderSiteContent } from '../server/embedded/site/service';
import { importWxr } from '../server/embedded/import/service';
import { schoolCtx } from '../../../../tests/factories/website-content';
import { bodyOf, createTestSchool, get, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addPage, addPost, itemRows, postJson } from '../../../../tests/factories/website-content';
import { parsing } from '../../../../tests/factories/parsing';
import { contentAtTheLimits, HTML_ATTACKS } from '../../../../tests/factories/html-at-limits';

// The work is counted, not timed: a loaded machine makes a wall-clock bound fail (the figures:
// `npm run bench -- --sections limits`). Counted on the server's thread: the HTML parsed there, and
// the tasks handed to the work pool (whose threads sanitise), which a test may hold back.
vi.mock('htmlparser2', async (original) => (await import('../../../../tests/factories/parsing')).countingHtmlparser2(original));
vi.mock('sanitize-html', async (original) => (await import('../../../../tests/factories/parsing')).countingSanitizeHtml(original));
const pool = vi.hoisted(() => ({
  tasks: [] as string[],
  /** Set, a task waits for it before it runs; `sent` then resolves with the task's name. */
  hold: null as null | { until: Promise<void>; sent: (name: string) => void },
}));
vi.mock('../../../platform/work/pool', async (original) => {
  const real = await original<typeof import('../../../platform/work/pool')>();
  return {
    ...real,
    async runTask<Input, Output>(task: Task<Input, Output>, input: Input): Promise<Output> {
      pool.tasks.push(task.name);
      const hold = pool.hold;
      if (hold) {
        hold.sent(task.name);
        await hold.until;
      }
      return real.runTask(task, input);
    },
  };
});

/**
 * Finding 1: deeply nested HTML stalled the whole server (300,000 nested <div>s took 94.6 s to
 * refuse nothing; a stored 60,000-deep post cost 2 s per anonymous view). The API must refuse
 * content beyond the HTML limits at once and write nothing, save content at the limits within a
 * save's budget, keep the public render cheap, and keep answering other requests meanwhile.
 *
 * The server's thread must only ever do the linear check, which stops at the first tag beyond a
 * limit; the sanitiser (whose cost grows with the nesting) runs on the work pool, and only for
 * content within the limits.
 */

/** 4xx answers whose message is one of the limits' messages (zod adds the field name for the size). */
async function expectLimitRefusal(res: Response): Promise<void> {
  expect([400, 413]).toContain(res.status);
  const body = (await bodyOf(res)) as { success: boolean; isAuthFailed: boolean; message?: string };
  expect(body).toMatchObject({ success: false, isAuthFailed: false });
  const messages = Object.values(HTML_LIMIT_MESSAGES);
  expect(messages.some((message) => body.message === message || body.message === `content: ${message}`), `message: ${body.message}`).toBe(true);
}

describe('website content within the HTML limits', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let postId = 0;
  let pageId = 0;

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true }));
    postId = (await addPost(ctx(), school, { title: 'Existing post', content: '<p>Existing</p>' })).id;
    pageId = (await addPage(ctx(), school, { title: 'Existing page', content: '<p>Existing</p>' })).id;
    // The server starts its work pool's threads when it starts; a test file's pool starts them on
    // first use: one save first, so the timings below are a running server's.
    expect((await postJson(ctx().app, '/api/website/posts/create', { title: 'Warm-up', content: '<p>Warm-up</p>' }, cookie)).status).toBe(200);
  });

  beforeEach(() => {
    parsing.reset();
    pool.tasks = [];
    pool.hold = null;
  });

  const rows = async () => ({ posts: await itemRows(ctx(), school.id, 'post'), pages: await itemRows(ctx(), school.id, 'page') });

  const saves: Array<[string, () => Record<string, unknown>]> = [
    ['posts/create', () => ({})],
    ['posts/update', () => ({ id: postId })],
    ['pages/create', () => ({})],
    ['pages/update', () => ({ id: pageId })],
  ];

  describe.each(saves)('POST /api/website/%s', (route, ids) => {
    it.each(HTML_ATTACKS)('refuses %s with a clear message, stopping at the limit and sanitising nothing, writing nothing', async (_name, content, parsed) => {
      const before = await rows();
      const res = await postJson(ctx().app, `/api/website/${route}`, { ...ids(), title: 'Attack', content }, cookie);
      await expectLimitRefusal(res);
      expect(parsing.parses).toEqual(parsed);
      expect(pool.tasks).toEqual([]);
      expect(await rows()).toEqual(before);
    });
  });

  it('saves a post at the limits, sanitised off the server’s thread, and shows it publicly without parsing it', async () => {
    const content = contentAtTheLimits();
    expect(content.length).toBeLessThanOrEqual(MAX_HTML_LENGTH);
    expect(content.length).toBeGreaterThan(MAX_HTML_LENGTH - 100);
    expect(measureHtml(content)).toEqual({ depth: MAX_HTML_DEPTH, elements: MAX_HTML_ELEMENTS - 2 });
    expect(checkHtmlLimits(content)).toEqual({ ok: true });

    parsing.reset();
    const res = await postJson(ctx().app, '/api/website/posts/create', { title: 'At the limits', content }, cookie);
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 200))).toBe(200);
    const saved = saveResponseSchema.parse(await bodyOf(res));
    // The server's thread parsed it once, linearly (the check); the sanitiser ran on the pool.
    expect(parsing.parses).toEqual([MAX_HTML_ELEMENTS - 2]);
    expect(parsing.sanitized.filter((run) => run.elements > 0)).toEqual([]);
    expect(pool.tasks).toEqual(['website.sanitize-content']);

    // What the public post page does with the stored row: no sanitising on view.
    const site = await findPublicSite(ctx().db, school.label);
    if (!site) throw new Error('The school has no public site.');
    const siteCtx = schoolContext(ctx().db, site, ctx().clock.now);
    const post = await getPublishedPost(siteCtx, decodeURIComponent(saved.post_url.split('/').at(-1) ?? ''));
    if (!post) throw new Error('The saved post is not public.');
    expect(post.content).toBe(content); // clean HTML is stored as written
    parsing.reset();
    pool.tasks = [];
    const html = await renderSiteContent(siteCtx, post.content);
    const description = excerptOf(post.content, 30);
    expect(html).toBe(content);
    expect(description).toMatch(/^News more here\. News more here\./);
    // Nothing parsed the post's HTML: the excerpt's one parse is of its first 4,000 characters of text.
    expect(parsing.parses).toEqual([]);
    expect(pool.tasks).toEqual([]);
    expect(parsing.sanitized.map((run) => ({ elements: run.elements, short: run.input.length <= 4_000 }))).toEqual([{ elements: 0, short: true }]);
  });

  it('answers other requests while a save at the limits is being sanitised: it holds the server’s thread only for its check', async () => {
    // The server has one thread: before the limits, one save held it for 94.6 s. Now the save's
    // sanitising waits on the work pool, held back here until another request has been answered.
    let release = () => {};
    const sent = new Promise<string>((resolve) => {
      pool.hold = { until: new Promise<void>((resolve) => (release = resolve)), sent: resolve };
    });
    const save = postJson(ctx().app, '/api/website/posts/create', { title: 'Concurrent', content: contentAtTheLimits() }, cookie);
    try {
      expect(await sent).toBe('website.sanitize-content');
      expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
      expect(parsing.parses).toEqual([MAX_HTML_ELEMENTS - 2]);
    } finally {
      release();
    }
    expect((await save).status).toBe(200);
  });

  it('imports a WordPress file without its items beyond the limits, saying which and why', async () => {
    const item = (id: number, slug: string, content: string) =>
      `<item><title>Item ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status>` +
      `<wp:post_name>${slug}</wp:post_name><wp:post_date_gmt>2024-01-02 03:04:05</wp:post_date_gmt><content:encoded><![CDATA[${content}]]></content:encoded></item>`;
    const wxr =
      '<?xml version="1.0"?><rss xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><wp:wxr_version>1.2</wp:wxr_version>' +
      item(1, 'fine', '<p>Fine</p>') +
      item(2, 'too-deep', '<div>'.repeat(MAX_HTML_DEPTH + 1)) +
      item(3, 'too-many', '<br>'.repeat(MAX_HTML_ELEMENTS + 1)) +
      '</channel></rss>';
    const s = await createTestSchool(ctx(), { products: { website: true } });
    parsing.reset();
    const counts = await importWxr(schoolCtx(ctx(), s), wxr);
    expect(counts).toMatchObject({ posts: 1, pages: 0, skipped: 0 });
    expect(counts.refused).toEqual([
      `Skipped the post "Item 2" (too-deep): ${HTML_LIMIT_MESSAGES.depth}`,
      `Skipped the post "Item 3" (too-many): ${HTML_LIMIT_MESSAGES.elements}`,
    ]);
    expect((await itemRows(ctx(), s.id, 'post')).map((r) => r.slug)).toEqual(['fine']);
    // The items beyond the limits were refused by the check where it stopped, never sanitised.
    expect(parsing.parses).toEqual(expect.arrayContaining([MAX_HTML_DEPTH + 1, MAX_HTML_ELEMENTS + 1]));
    expect(parsing.sanitized.filter((run) => run.elements > 0).map((run) => run.input)).toEqual([expect.stringContaining('Fine')]);
  });
});
