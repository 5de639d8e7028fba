import type { Db } from '../../../../../platform/db';
import type { MenuItem } from '../../../contract';
import { totalPages, WEBSITE_PAGE_SIZE } from '../../../rules';
import type { SchoolContext } from '../../../../../platform/context';
import { findSchoolByLabel } from '../../../../account/server';
import * as repo from '../content/repository';
import type { ItemRow } from '../content/repository';
import { categoryNames, getMenu } from '../content/service';
import { htmlToText } from '../content/sanitize';
import { pageUrl, postUrl } from '../content/urls';
import { findGalleries } from '../galleries/service';
import { expandGallerySliders } from './shortcodes';

/**
 * Each school's public site (/sites/<label>/...): published content only, rendered for visitors
 * who need not be signed in. A page finds the site by its label (`findPublicSite`), builds the
 * school's context (src/platform/context.ts `schoolContext`) and calls one screen loader.
 */

export { siteUrl } from '../content/urls';

export interface PublicSite {
  id: number;
  label: string;
  name: string;
  /** The school has the newsletter: its footer links to the sign-up page. */
  newsletter: boolean;
  /** The school has the app: its site is an installable web app whose footer offers notifications. */
  app: boolean;
}

export interface PublicPost {
  id: number;
  title: string;
  slug: string;
  url: string;
  /** Unix seconds. */
  date: number;
  categories: string[];
  content: string;
}

export interface PublicPage {
  id: number;
  title: string;
  slug: string;
  url: string;
  /** Unix seconds. */
  modified: number;
  content: string;
}

/** The school whose site this is, or null for an unknown label or a school without the website. */
export async function findPublicSite(db: Db, label: string): Promise<PublicSite | null> {
  const school = await findSchoolByLabel(db, label);
  return school && school.products.website
    ? { id: school.id, label: school.label, name: school.name, newsletter: school.products.newsletter, app: school.products.app }
    : null;
}

// Content as the site shows it

/**
 * Content as the public site shows it: the stored HTML with its gallery slider shortcodes
 * expanded into the school's galleries (all of them with one query). It is not sanitised again:
 * every write path (save, import) has always sanitised content before storing it, rows stored
 * before the size and depth limits included, so a view costs no parsing. (Re-sanitising on every
 * view let one deeply nested post hold the server's only thread for seconds per anonymous visit.)
 */
export function renderSiteContent(ctx: SchoolContext, html: string): Promise<string> {
  return expandGallerySliders(html, (ids) => findGalleries(ctx, ids));
}

const SHORTCODE = /\[\/?[a-z_][\w-]*(?:\s[^\]]*)?\]/gi;
/** A shortcode cut off where the text read for an excerpt ends. */
const CUT_SHORTCODE = /\[[^\]]*$/;

/**
 * Characters of text read for an excerpt (a word break counted for each tag): far more than 40
 * words, shortcodes included, yet a fixed cost however long or deeply nested the post (the
 * site's home shows an excerpt of each of ten posts: about 2 ms each for a stored post of
 * 20,000 nested <div>s, where sanitize-html took 130-250 ms).
 */
const EXCERPT_TEXT_LENGTH = 4_000;

/** The first words of a post for the site's list: text only, without shortcodes. */
export function excerptOf(html: string, words = 40): string {
  const read = htmlToText(html, EXCERPT_TEXT_LENGTH);
  // Only content longer than what is read can have its text cut inside a shortcode.
  const whole = html.length > EXCERPT_TEXT_LENGTH ? read.replace(CUT_SHORTCODE, '') : read;
  const text = whole.replace(SHORTCODE, ' ').replace(/\s+/g, ' ').trim();
  const list = text.split(' ');
  return list.length <= words ? text : `${list.slice(0, words).join(' ')}…`;
}

// Published posts and pages

function toPublicPost(label: string, row: ItemRow, categories: string[]): PublicPost {
  return { id: row.id, title: row.title, slug: row.slug, url: postUrl(label, row.slug), date: row.created_at, categories, content: row.content };
}

/** Published posts, newest first, one page of them (page numbers start at 1). */
export async function listPublishedPosts(
  ctx: SchoolContext,
  page: number,
  limit: number,
): Promise<{ posts: PublicPost[]; page: number; total_pages: number }> {
  // A post dated in the future is 'Scheduled': the public sees it from its date on.
  const filter = { statuses: ['publish' as const], datedBy: ctx.now };
  const [total, rows] = await Promise.all([
    repo.countItems(ctx.db, ctx.domain.id, 'post', filter),
    repo.listItems(ctx.db, ctx.domain.id, 'post', { ...filter, order: 'created', offset: (page - 1) * limit, limit }),
  ]);
  const names = await categoryNames(
    ctx,
    rows.map((r) => r.id),
  );
  return { posts: rows.map((row) => toPublicPost(ctx.domain.label, row, names.get(row.id) ?? [])), page, total_pages: totalPages(total, limit) };
}

/** A published post by its slug, or null (drafts, and posts dated in the future, are not public yet). */
export async function getPublishedPost(ctx: SchoolContext, slug: string): Promise<PublicPost | null> {
  const row = await repo.findItemBySlug(ctx.db, ctx.domain.id, 'post', slug);
  if (!row || row.status !== 'publish' || row.created_at > ctx.now) return null;
  const names = await categoryNames(ctx, [row.id]);
  return toPublicPost(ctx.domain.label, row, names.get(row.id) ?? []);
}

/** A published page by its slug, or null (pending and draft pages are not public). */
export async function getPublishedPage(ctx: SchoolContext, slug: string): Promise<PublicPage | null> {
  const row = await repo.findItemBySlug(ctx.db, ctx.domain.id, 'page', slug);
  if (!row || row.status !== 'publish') return null;
  return { id: row.id, title: row.title, slug: row.slug, url: pageUrl(ctx.domain.label, row.slug), modified: row.modified_at, content: row.content };
}

// Screens: one loader per page of the site; null is the site's 404.

/** The site's home, page `page` of its latest news (WEBSITE_PAGE_SIZE a page), or null past the last page. */
export async function loadSiteHome(
  ctx: SchoolContext,
  page: number,
): Promise<{ posts: Array<PublicPost & { excerpt: string }>; total_pages: number; menu: MenuItem[] } | null> {
  if (page < 1) return null;
  const list = await listPublishedPosts(ctx, page, WEBSITE_PAGE_SIZE);
  if (page > list.total_pages) return null;
  const menu = await getMenu(ctx);
  return { posts: list.posts.map((post) => ({ ...post, excerpt: excerptOf(post.content) })), total_pages: list.total_pages, menu };
}

/** The site's menu alone: the frame of pages other modules add to the site (the newsletter's sign-up). */
export function loadSiteMenu(ctx: SchoolContext): Promise<MenuItem[]> {
  return getMenu(ctx);
}

/** A published post, its content rendered, and the site's menu; null when there is none of that slug. */
export async function loadSitePost(
  ctx: SchoolContext,
  slug: string,
): Promise<{ post: PublicPost; html: string; description: string; menu: MenuItem[] } | null> {
  const post = await getPublishedPost(ctx, slug);
  if (!post) return null;
  const menu = await getMenu(ctx);
  const html = await renderSiteContent(ctx, post.content);
  return { post, html, description: excerptOf(post.content, 30), menu };
}

function findMenuItem(items: MenuItem[], id: number): MenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const found = findMenuItem(item.children, id);
    if (found) return found;
  }
  return undefined;
}

/** A published page, its content rendered, the site's menu and the page's own sub-pages; null when there is none of that slug. */
export async function loadSitePage(
  ctx: SchoolContext,
  slug: string,
): Promise<{ page: PublicPage; html: string; description: string; menu: MenuItem[]; subPages: MenuItem[] } | null> {
  const page = await getPublishedPage(ctx, slug);
  if (!page) return null;
  const menu = await getMenu(ctx);
  const html = await renderSiteContent(ctx, page.content);
  return { page, html, description: excerptOf(page.content, 30), menu, subPages: findMenuItem(menu, page.id)?.children ?? [] };
}
