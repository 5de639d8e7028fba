import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { InsertQueryNode } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../../../tests/factories/cli';
import { DEMO_SCHOOL, seedDemoIfEmpty } from '../../../app/seed/demo';
import { importWxr } from '../server/embedded/import/service';
import { storedPath } from '../../../platform/media/store';
import { createTestContext, createTestSchool, makeTempDir, useEnvironmentDatabase, useTestContext, type TestContext } from '../../../../tests/factories';
import { schoolCtx } from '../../../../tests/factories/website-content';

/**
 * The demo content's pictures, hot-linked from wordpress.com in the fixture, are placeholders
 * stored as the demo school's uploads (import option `localImages`): no stored post or page
 * makes a browser fetch a picture from another site, and every placeholder it names exists.
 */

const FIXTURE = path.resolve('fixtures/wordpress/themeunittestdata.wordpress.xml');
const xml = fs.readFileSync(FIXTURE, 'utf8');

const EXTERNAL = /^\s*(?:https?:)?\/\//i;

/** Every address on another site a browser would load as a picture, or follow as a link to one, in some stored HTML. */
function externalPictureReferences(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(img|source)\b([^>]*)>/gi)) {
    for (const a of (m[2] ?? '').matchAll(/\s(src|srcset)="([^"]*)"/gi)) {
      const value = a[2] ?? '';
      const addresses = a[1]?.toLowerCase() === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
      if (addresses.some((address) => EXTERNAL.test(address)) && !(m[1]?.toLowerCase() === 'source' && a[1]?.toLowerCase() === 'src')) found.push(m[0]);
    }
  }
  for (const m of html.matchAll(/\sposter="([^"]*)"/gi)) if (EXTERNAL.test(m[1] ?? '')) found.push(m[0]);
  for (const m of html.matchAll(/url\(\s*(?:&quot;|['"])?([^)&'"]*)/gi)) if (EXTERNAL.test(m[1] ?? '')) found.push(m[0]);
  for (const m of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)) {
    const href = m[1] ?? '';
    if (EXTERNAL.test(href) && /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?|svg)(?:[?#]|$)/i.test(href)) found.push(m[0]);
  }
  return found;
}

/** <audio>/<video> start tags with an address on another site that would load before play. */
function eagerExternalMedia(html: string): string[] {
  return [...html.matchAll(/<(audio|video)\b[^>]*>[\s\S]*?<\/\1>/gi)]
    .filter((m) => /\ssrc="(?:https?:)?\/\//i.test(m[0]))
    .map((m) => /^<[^>]*>/.exec(m[0])?.[0] ?? '')
    .filter((start) => !/\spreload="none"/.test(start));
}

async function contentOf(ctx: TestContext, domainId: number): Promise<Array<{ slug: string; content: string }>> {
  return ctx.db.selectFrom('website_posts').select(['slug', 'content']).where('domain_id', '=', domainId).execute();
}

/** The school's uploads each content names (`/uploads/<label>/<file>`), checked: a row of that school, a PNG of the row's size on disk. */
async function checkPlaceholders(ctx: TestContext, school: { id: number; label: string }, contents: Array<{ content: string }>): Promise<Set<string>> {
  const named = new Set<string>();
  const prefix = `/uploads/${encodeURIComponent(school.label)}/`;
  for (const { content } of contents) {
    for (const m of content.matchAll(new RegExp(`${prefix.replace(/[.]/g, '\\.')}([a-f0-9]{32}\\.png)`, 'g'))) named.add(m[1] ?? '');
  }
  const rows = await ctx.db.selectFrom('website_media').selectAll().where('domain_id', '=', school.id).execute();
  const byName = new Map(rows.map((row) => [row.file_name, row]));
  for (const name of named) {
    const row = byName.get(name);
    expect(row, name).toBeDefined();
    expect(row).toMatchObject({ kind: 'image', mime_type: 'image/png', status: 'attached', gallery_id: null });
    expect(row?.title).toMatch(/\(placeholder\)$/);
    const meta = await sharp(fs.readFileSync(storedPath(ctx.config.PORTAL_DATA_DIR, school.id, name))).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: row?.width, height: row?.height });
  }
  return named;
}

describe('the demo seed', () => {
  it('stores no post or page that loads a picture from another site, its placeholders the school’s uploads', async () => {
    const local = await createTestContext();
    try {
      const admin = await seedDemoIfEmpty(
        local.db,
        { PORTAL_DATA_DIR: local.config.PORTAL_DATA_DIR, PORTAL_ADMIN_EMAIL: undefined, PORTAL_ADMIN_PASSWORD: 'demo-password-1', PORTAL_DEMO: 'on' },
        () => local.clock.now,
      );
      expect(admin).not.toBeNull();
      const demo = await local.db.selectFrom('domains').select(['id', 'label']).where('label', '=', DEMO_SCHOOL.label).executeTakeFirstOrThrow();
      const contents = await contentOf(local, demo.id);
      expect(contents.length).toBeGreaterThan(70);
      const everything = contents.map((c) => c.content).join('\n');
      // Before the option, the demo hot-linked well over a hundred pictures from wordpress.com.
      expect(everything).not.toMatch(/<img\b[^>]*\ssrc="(?:https?:)?\/\//i);
      for (const { slug, content } of contents) {
        expect(externalPictureReferences(content), slug).toEqual([]);
        expect(eagerExternalMedia(content), slug).toEqual([]);
      }
      const named = await checkPlaceholders(local, demo, contents);
      expect(named.size).toBeGreaterThan(25);
      // One upload per picture, each used.
      const media = await local.db.selectFrom('website_media').select('file_name').where('domain_id', '=', demo.id).execute();
      // The staff lists' portraits (src/modules/staff/server/embedded/seed.ts) are the school's uploads too, each on a list.
      const portraits = await local.db.selectFrom('staff_members').select('image_url').where('domain_id', '=', demo.id).execute();
      const used = new Set([...named, ...portraits.map((p) => decodeURIComponent(p.image_url.split('/').pop() ?? ''))]);
      expect(new Set(media.map((m) => m.file_name))).toEqual(used);
    } finally {
      await local.close();
    }
  });
});

describe('importWxr and its localImages option', () => {
  const ctx = useTestContext();

  it('keeps the addresses without the option (an operator’s import is the content as it was)', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true } });
    const counts = await importWxr(schoolCtx(ctx(), school), xml);
    expect(counts.placeholders).toBeUndefined();
    const everything = (await contentOf(ctx(), school.id)).map((c) => c.content).join('\n');
    expect(everything).toContain('<img src="https://wpthemetestdata.files.wordpress.com/');
    expect(await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', school.id).execute()).toEqual([]);
  });

  it('replaces the pictures with it, once: importing again makes no more placeholders', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true } });
    const options = { localImages: { dataDir: ctx().config.PORTAL_DATA_DIR } };
    const first = await importWxr(schoolCtx(ctx(), school), xml, options);
    expect(first.placeholders).toBeGreaterThan(25);
    const contents = await contentOf(ctx(), school.id);
    for (const { slug, content } of contents) expect(externalPictureReferences(content), slug).toEqual([]);
    expect((await checkPlaceholders(ctx(), school, contents)).size).toBe(first.placeholders);
    const again = await importWxr(schoolCtx(ctx(), school), xml, options);
    expect(again).toMatchObject({ posts: 0, pages: 0, placeholders: 0 });
    expect(await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', school.id).execute()).toHaveLength(first.placeholders ?? -1);
  });

  it('leaves no placeholder file behind when the import fails', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true } });
    const dataDir = makeTempDir('portal-ph-fail-');
    const post = (n: number) =>
      `<item><title>Post ${n}</title><wp:post_id>${n}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status>` +
      `<wp:post_name>pictured-${n}</wp:post_name><content:encoded><![CDATA[<img src="https://pics.example.org/${n}.jpg" alt="" />]]></content:encoded></item>`;
    const wxr =
      '<?xml version="1.0"?><rss xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
      `<channel><wp:wxr_version>1.2</wp:wxr_version>${post(1)}${post(2)}</channel></rss>`;
    try {
      // The second post's insert fails, after both placeholders were stored.
      let inserts = 0;
      const failing = ctx().db.withPlugin({
        transformQuery({ node }) {
          if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'website_posts' && ++inserts === 2) throw new Error('The disk is full.');
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      await expect(importWxr({ ...schoolCtx(ctx(), school), db: failing }, wxr, { localImages: { dataDir } })).rejects.toThrow('The disk is full.');
      expect(inserts).toBe(2);
      const uploads = path.join(dataDir, 'uploads', String(school.id));
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
      expect(await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', school.id).execute()).toEqual([]);
      expect(await contentOf(ctx(), school.id)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('operator command import-wxr --local-images', () => {
  let dataDir = '';
  let database: Awaited<ReturnType<typeof useEnvironmentDatabase>> | undefined;
  const savedDataDir = process.env.PORTAL_DATA_DIR;
  const run = runCommand;

  beforeEach(async () => {
    dataDir = makeTempDir('portal-wxr-images-');
    process.env.PORTAL_DATA_DIR = dataDir;
    database = await useEnvironmentDatabase();
    expect((await run('create-school', 'plain.school', '--create', '--name', 'Plain', '--products', 'website')).code).toBe(0);
    expect((await run('create-school', 'local.school', '--name', 'Local', '--products', 'website')).code).toBe(0);
  });
  afterEach(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });
  afterAll(() => {
    if (savedDataDir === undefined) delete process.env.PORTAL_DATA_DIR;
    else process.env.PORTAL_DATA_DIR = savedDataDir;
  });

  it('keeps the links without the flag and stores placeholders with it', async () => {
    const plain = await run('import-wxr', FIXTURE, '--school', 'plain.school');
    expect(plain.code).toBe(0);
    expect(plain.out).not.toContain('placeholder');
    const withFlag = await run('import-wxr', FIXTURE, '--school', 'local.school', '--local-images');
    expect(withFlag.code).toBe(0);
    expect(withFlag.out).toMatch(/^Replaced \d+ pictures from other sites by placeholders\.$/m);
    expect((await run('import-wxr', FIXTURE, '--school', 'local.school', '--local-images=yes')).code).toBe(2);
    expect((await run('import-wxr', '--help')).out).toContain('--local-images');

    const local = await createTestContext({ dataDir });
    try {
      for (const label of ['plain.school', 'local.school']) {
        const school = await local.db.selectFrom('domains').select(['id', 'label']).where('label', '=', label).executeTakeFirstOrThrow();
        const contents = await contentOf(local, school.id);
        const external = contents.flatMap((c) => externalPictureReferences(c.content));
        if (label === 'plain.school') expect(external.length).toBeGreaterThan(100);
        else {
          expect(external).toEqual([]);
          await checkPlaceholders(local, school, contents);
        }
      }
    } finally {
      await local.close();
    }
  });
});
