import { beforeAll, describe, expect, it } from 'vitest';
import { saveResponseSchema } from '../../src/contracts/website';
import { checkHtmlLimits, HTML_LIMIT_MESSAGES, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_HTML_LENGTH } from '../../src/server/html-limits';
import { measureHtml } from '../../src/server/html-shape';
import { schoolContext } from '../../src/server/context';
import { excerptOf, findPublicSite, getPublishedPost, renderSiteContent } from '../../src/server/website/site/service';
import { importWxr } from '../../src/server/website/import/service';
import { schoolCtx } from '../factories/website-content';
import { bodyOf, createTestSchool, get, signedInUser, useTestContext, type TestSchool } from '../factories';
import { addPage, addPost, itemRows, postJson } from '../factories/website-content';

/**
 * Finding 1: deeply nested HTML stalled the whole server (300,000 nested <div>s took 94.6 s to
 * refuse nothing; a stored 60,000-deep post cost 2 s per anonymous view). The API must refuse
 * content beyond the HTML limits at once and write nothing, save content at the limits within a
 * save's budget, keep the public render cheap, and keep answering other requests meanwhile.
 *
 * Timings run on a loaded 2-core machine next to other test files: the bounds are the budgets
 * of the finding, with the measured costs well inside them.
 */

/** 4xx answers whose message is one of the limits' messages (zod adds the field name for the size). */
async function expectLimitRefusal(res: Response): Promise<void> {
  expect([400, 413]).toContain(res.status);
  const body = (await bodyOf(res)) as { success: boolean; isAuthFailed: boolean; message?: string };
  expect(body).toMatchObject({ success: false, isAuthFailed: false });
  const messages = Object.values(HTML_LIMIT_MESSAGES);
  expect(messages.some((message) => body.message === message || body.message === `content: ${message}`), `message: ${body.message}`).toBe(true);
}

/**
 * A post right under every limit at once: 256 levels deep (254 <div>s, then <p><a>), 9,998
 * elements, and just under the size limit (links, text and a long last paragraph).
 */
function contentAtTheLimits(): string {
  const divs = MAX_HTML_DEPTH - 2;
  const paragraphs = Math.floor((MAX_HTML_ELEMENTS - divs) / 2) - 1;
  const paragraph = '<p>News <a href="/sites/s/a">more</a> here.</p>';
  const open = '<div>'.repeat(divs);
  const close = '</div>'.repeat(divs);
  const body = paragraph.repeat(paragraphs - 1);
  const lastOpen = '<p>The last paragraph, <a href="/uploads/demo.school/a.pdf">with a link</a> ';
  const filler = 'words '.repeat(Math.floor((MAX_HTML_LENGTH - 10 - open.length - close.length - body.length - lastOpen.length - 4) / 6));
  return `${open}${body}${lastOpen}${filler}</p>${close}`;
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
  });

  const rows = async () => ({ posts: await itemRows(ctx(), school.id, 'post'), pages: await itemRows(ctx(), school.id, 'page') });

  const attacks: Array<[string, string]> = [
    ['300,000 nested <div>s', '<div>'.repeat(300_000)],
    ['200,000 nested <b>s', '<b>'.repeat(200_000)],
    ['nested <b>s within the size limit', '<b>'.repeat(Math.floor(MAX_HTML_LENGTH / 3))],
    ['too many elements within the size limit', '<br>'.repeat(MAX_HTML_ELEMENTS + 1)],
  ];
  const saves: Array<[string, () => Record<string, unknown>]> = [
    ['posts/create', () => ({})],
    ['posts/update', () => ({ id: postId })],
    ['pages/create', () => ({})],
    ['pages/update', () => ({ id: pageId })],
  ];

  describe.each(saves)('POST /api/website/%s', (route, ids) => {
    it.each(attacks)('refuses %s with a clear message in under 100 ms, writing nothing', async (_name, content) => {
      const before = await rows();
      const start = performance.now();
      const res = await postJson(ctx().app, `/api/website/${route}`, { ...ids(), title: 'Attack', content }, cookie);
      const elapsed = performance.now() - start;
      await expectLimitRefusal(res);
      expect(elapsed).toBeLessThan(100);
      expect(await rows()).toEqual(before);
    });
  });

  it('saves a post at the limits in under 200 ms, and its public render takes under 50 ms', async () => {
    const content = contentAtTheLimits();
    expect(content.length).toBeLessThanOrEqual(MAX_HTML_LENGTH);
    expect(content.length).toBeGreaterThan(MAX_HTML_LENGTH - 100);
    expect(measureHtml(content)).toEqual({ depth: MAX_HTML_DEPTH, elements: MAX_HTML_ELEMENTS - 2 });
    expect(checkHtmlLimits(content)).toEqual({ ok: true });

    const start = performance.now();
    const res = await postJson(ctx().app, '/api/website/posts/create', { title: 'At the limits', content }, cookie);
    const elapsed = performance.now() - start;
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 200))).toBe(200);
    const saved = saveResponseSchema.parse(await bodyOf(res));
    expect(elapsed).toBeLessThan(200);

    // What the public post page does with the stored row: no sanitising on view.
    const site = await findPublicSite(ctx().db, school.label);
    if (!site) throw new Error('The school has no public site.');
    const siteCtx = schoolContext(ctx().db, site, ctx().clock.now);
    const post = await getPublishedPost(siteCtx, decodeURIComponent(saved.post_url.split('/').at(-1) ?? ''));
    if (!post) throw new Error('The saved post is not public.');
    expect(post.content).toBe(content); // clean HTML is stored as written
    const renderStart = performance.now();
    const html = await renderSiteContent(siteCtx, post.content);
    const description = excerptOf(post.content, 30);
    const renderElapsed = performance.now() - renderStart;
    expect(html).toBe(content);
    expect(description).toMatch(/^News more here\. News more here\./);
    expect(renderElapsed).toBeLessThan(50);
  });

  it('answers a request that arrives during a save at the limits within one short slice, not after an unbounded save', async () => {
    // The server has one thread: a request that arrives while a save is being sanitised waits
    // for that synchronous slice, whatever the code does. What the limits guarantee is that the
    // slice is short: reading, checking and sanitising a save at the limits is one slice of about
    // 90-130 ms here (the sanitiser runs before the transaction, so the database is not held
    // meanwhile), where before the limits one save held the thread for 94.6 s. Both are measured:
    // a 1 ms timer's longest gap during the save is the longest slice, and each cheap request's
    // latency counts from when it was due to arrive, so a wait for the slice counts too.
    const content = contentAtTheLimits();
    let lastTick = performance.now();
    let longestSlice = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      longestSlice = Math.max(longestSlice, now - lastTick);
      lastTick = now;
    }, 1);
    const sent = performance.now();
    let saveDone = 0;
    const save = postJson(ctx().app, '/api/website/posts/create', { title: 'Concurrent', content }, cookie).then((res) => {
      saveDone = performance.now();
      return res;
    });
    const cheap = [0, 5, 10, 20].map(
      (due) =>
        new Promise<number>((resolve, reject) => {
          setTimeout(() => {
            get(ctx().app, '/api/api/user', { cookie })
              .then((res) => {
                expect(res.status).toBe(200);
                resolve(performance.now() - (sent + due));
              })
              .catch(reject);
          }, due);
        }),
    );
    try {
      const [saveRes, ...latencies] = await Promise.all([save, ...cheap]);
      expect(saveRes.status).toBe(200);
      // Bounds far above the ~90-130 ms measured on a quiet machine, so a loaded CI machine (where
      // the OS deschedules the process) still passes, and far below an unbounded save (94.6 s).
      expect(saveDone - sent).toBeLessThan(2_000);
      expect(longestSlice).toBeLessThan(1_000);
      for (const latency of latencies) expect(latency).toBeLessThan(1_000);
    } finally {
      clearInterval(probe);
    }
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
    const start = performance.now();
    const counts = await importWxr(schoolCtx(ctx(), s), wxr);
    expect(performance.now() - start).toBeLessThan(500);
    expect(counts).toMatchObject({ posts: 1, pages: 0, skipped: 0 });
    expect(counts.refused).toEqual([
      `Skipped the post "Item 2" (too-deep): ${HTML_LIMIT_MESSAGES.depth}`,
      `Skipped the post "Item 3" (too-many): ${HTML_LIMIT_MESSAGES.elements}`,
    ]);
    expect((await itemRows(ctx(), s.id, 'post')).map((r) => r.slug)).toEqual(['fine']);
  });
});
