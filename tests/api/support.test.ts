import { beforeAll, describe, expect, it } from 'vitest';
import {
  announcementSchema,
  changelogItemSchema,
  changelogResponseSchema,
  statusResponseSchema,
  updatesResponseSchema,
} from '../../src/modules/support/contract';
import { insertChangelog } from '../../src/modules/support/server/embedded/repository';
import { addAnnouncement, addChangelog } from '../../src/modules/support/server/embedded/service';
import { bodyOf, get, signedInUser, useTestContext } from '../factories';

const DAY = 24 * 60 * 60;
const XSS = '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><p>ok</p>';

function expectNoActiveContent(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<img/i);
  expect(html).not.toContain('alert(1)');
}

describe('support calls', () => {
  const ctx = useTestContext();
  let cookie = '';

  beforeAll(async () => {
    const now = ctx().clock.now;
    // Inserted out of order: the API must sort them.
    await addAnnouncement(ctx().db, { slug: 'middle-news', title: 'Middle', excerpt: 'From last week.', published_at: now - 7 * DAY });
    await addAnnouncement(ctx().db, { slug: 'newest-news', title: 'Newest', excerpt: 'From yesterday.', published_at: now - DAY });
    await addAnnouncement(ctx().db, { slug: 'oldest-news', title: 'Oldest', excerpt: 'From last month.', published_at: now - 30 * DAY });

    await addChangelog(ctx().db, { slug: 'middle-change', title: 'Middle change', text: '<p>middle</p>', published_at: now - 5 * DAY });
    await addChangelog(ctx().db, { slug: 'newest-change', title: 'Newest change', text: '<p>newest</p>', published_at: now - 2 * DAY });
    await addChangelog(ctx().db, { slug: 'oldest-change', title: 'Oldest change', text: '<p>oldest</p>', published_at: now - 20 * DAY });

    ({ cookie } = await signedInUser(ctx()));
  });

  describe('GET /api/support/updates', () => {
    it('answers the announcements newest first, in the contract’s shape', async () => {
      const res = await get(ctx().app, '/api/support/updates', { cookie });
      expect(res.status).toBe(200);
      const body = updatesResponseSchema.parse(await bodyOf(res));

      expect(body.success).toBe(true);
      expect(body.isAuthFailed).toBe(false);
      expect(body.data.map((a) => a.slug)).toEqual(['newest-news', 'middle-news', 'oldest-news']);
      const times = body.data.map((a) => a.published_at);
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(body.data[0]).toEqual({
        slug: 'newest-news',
        title: 'Newest',
        excerpt: 'From yesterday.',
        published_at: ctx().clock.now - DAY,
      });
      // Nothing beyond the contract's fields (no ids or internal columns).
      for (const item of body.data) expect(Object.keys(item).sort()).toEqual(Object.keys(announcementSchema.shape).sort());
    });
  });

  describe('GET /api/support/changelog', () => {
    it('answers the changelog newest first, in the contract’s shape', async () => {
      const res = await get(ctx().app, '/api/support/changelog', { cookie });
      expect(res.status).toBe(200);
      const body = changelogResponseSchema.parse(await bodyOf(res));

      const ours = body.data.filter((c) => c.slug.endsWith('-change'));
      expect(ours.map((c) => c.slug)).toEqual(['newest-change', 'middle-change', 'oldest-change']);
      expect(ours[0]).toEqual({ slug: 'newest-change', title: 'Newest change', text: '<p>newest</p>' });
      for (const item of body.data) expect(Object.keys(item).sort()).toEqual(Object.keys(changelogItemSchema.shape).sort());
    });

    it('answers sanitised HTML for an item added with scripts, handlers and javascript: links', async () => {
      await addChangelog(ctx().db, { slug: 'xss-attempt', title: 'Sneaky', text: XSS, published_at: ctx().clock.now });

      const body = changelogResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/support/changelog', { cookie })));
      const item = body.data.find((c) => c.slug === 'xss-attempt');
      expect(item).toBeDefined();
      const text = item?.text ?? '';
      expectNoActiveContent(text);
      expect(text).toContain('<p>ok</p>');
      // The link's text survives, without its dangerous address.
      expect(text).toMatch(/<a\b[^>]*>x<\/a>/);
    });

    it('sanitises on the way out too, for a row stored before the sanitiser', async () => {
      await insertChangelog(ctx().db, { slug: 'legacy-row', title: 'Legacy', text: XSS, published_at: ctx().clock.now + 1 });

      const body = changelogResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/support/changelog', { cookie })));
      const item = body.data.find((c) => c.slug === 'legacy-row');
      expect(item).toBeDefined();
      expectNoActiveContent(item?.text ?? '');
      expect(item?.text).toContain('<p>ok</p>');
    });

    it('keeps safe links, opening them in a new tab without an opener', async () => {
      await addChangelog(ctx().db, {
        slug: 'safe-link',
        title: 'Safe link',
        text: '<p>See <a href="https://support.example.org/kb/1">the article</a>.</p>',
        published_at: ctx().clock.now + 2,
      });
      const body = changelogResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/support/changelog', { cookie })));
      const text = body.data.find((c) => c.slug === 'safe-link')?.text ?? '';
      expect(text).toContain('href="https://support.example.org/kb/1"');
      expect(text).toMatch(/rel="noopener noreferrer"/);
    });
  });

  describe('GET /api/support/status', () => {
    it('answers both services without faults', async () => {
      const res = await get(ctx().app, '/api/support/status', { cookie });
      expect(res.status).toBe(200);
      const body = await bodyOf(res);
      expect(body).toEqual({
        success: true,
        isAuthFailed: false,
        website: { ok: true, text: 'No faults' },
        app: { ok: true, text: 'No faults' },
      });
      expect(() => statusResponseSchema.parse(body)).not.toThrow();
    });
  });
});

describe('support calls on an empty database', () => {
  const ctx = useTestContext();

  it('answers empty lists, not errors', async () => {
    const { cookie } = await signedInUser(ctx());
    const updates = updatesResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/support/updates', { cookie })));
    const changelog = changelogResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/support/changelog', { cookie })));
    expect(updates.data).toEqual([]);
    expect(changelog.data).toEqual([]);
  });
});
