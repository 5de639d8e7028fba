import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { z } from 'zod';
import { MAX_CATEGORY_NAME_LENGTH, MAX_ITEM_TITLE_LENGTH } from '../../../rules';
import { autopIfClassic } from '../site/autop';
import { sanitizeContent, titleToText } from '../content/sanitize';
import { slugify } from '../content/slugs';
import { checkHtmlLimits } from '../../../../../platform/html/html-limits';
import { isRefusal, Refusal } from '../../../../../platform/errors';

/**
 * WordPress import, the file: a WXR export (WordPress eXtended RSS 1.x) parsed into a school's
 * posts, pages and categories (./service.ts writes them). Attachments, menus, tags and comments
 * are not imported, and nothing is downloaded: links to the old site's files stay as they are in
 * the content, unless the import replaces its pictures by placeholders (./service.ts, `localImages`).
 */

/** A WXR file that cannot be imported; the message says why. */
const notWxr = (why: string) => new Refusal(400, 'not_wxr', why);

export interface WxrCategory {
  slug: string;
  name: string;
}

export interface WxrItem {
  /** wp:post_id: what a child's wp:post_parent refers to. */
  wpId: number;
  type: 'post' | 'page';
  title: string;
  slug: string;
  /** Paragraphed (wpautop) and sanitised: the HTML as the WordPress site showed it. */
  content: string;
  status: 'publish' | 'draft' | 'pending';
  /** Unix seconds. */
  date: number;
  modified: number;
  parentWpId: number;
  menuOrder: number;
  categories: WxrCategory[];
}

/** An item left out of the import because its content is beyond the HTML limits. */
export interface WxrRefusal {
  type: 'post' | 'page';
  title: string;
  slug: string;
  /** Why, safe to show (the limit's message). */
  message: string;
}

export interface WxrDocument {
  categories: WxrCategory[];
  items: WxrItem[];
  refused: WxrRefusal[];
}

export interface ImportCounts {
  posts: number;
  pages: number;
  categories: number;
  /** Items not imported because the school already has one with that slug. */
  skipped: number;
  /**
   * Items not imported because their content is beyond the HTML limits, one warning line each
   * naming the item and the limit; absent when there are none. The rest of the file is imported.
   */
  refused?: string[];
  /**
   * With the import's `localImages`: how many pictures from other sites were replaced by
   * placeholders stored as the school's uploads.
   */
  placeholders?: number;
}

const ARRAY_ELEMENTS = new Set(['item', 'category', 'wp:category', 'wp:postmeta', 'wp:comment', 'wp:tag', 'wp:term', 'wp:author']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

/** The text of a parsed element: a string, or an element with attributes and `#text`. */
const textSchema = z
  .union([z.string(), z.number(), z.object({ '#text': z.union([z.string(), z.number()]).optional() }).loose()])
  .optional()
  .transform((v) => (v === undefined ? '' : typeof v === 'object' ? String(v['#text'] ?? '') : String(v)));

const categoryElementSchema = z.union([
  z.string(),
  z.object({ '@_domain': z.string().optional(), '@_nicename': z.string().optional(), '#text': z.union([z.string(), z.number()]).optional() }).loose(),
]);

const itemSchema = z
  .object({
    title: textSchema,
    'content:encoded': textSchema,
    'wp:post_id': textSchema,
    'wp:post_date': textSchema,
    'wp:post_date_gmt': textSchema,
    'wp:post_modified': textSchema,
    'wp:post_modified_gmt': textSchema,
    'wp:post_name': textSchema,
    'wp:status': textSchema,
    'wp:post_parent': textSchema,
    'wp:menu_order': textSchema,
    'wp:post_type': textSchema,
    'wp:post_password': textSchema,
    category: z.array(categoryElementSchema).optional().default([]),
  })
  .loose();

const channelCategorySchema = z
  .object({ 'wp:category_nicename': textSchema, 'wp:cat_name': textSchema })
  .loose();

const documentSchema = z.object({
  rss: z.object({
    channel: z
      .object({
        'wp:wxr_version': textSchema,
        'wp:category': z.array(channelCategorySchema).optional().default([]),
        item: z.array(z.unknown()).optional().default([]),
      })
      .loose(),
  }),
});

/** WordPress's 'Y-m-d H:i:s' (UTC for the *_gmt fields) into unix seconds; null for 0000-00-00 and garbage. */
function wpTime(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const ms = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(ms) || Number(match[1]) < 1970 ? null : Math.floor(ms / 1000);
}

function decodeSlug(value: string): string {
  const raw = value.trim();
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** WordPress's slug when it is one (letters, digits, hyphens, underscores), else one made from it or the title. */
function importedSlug(postName: string, title: string): string {
  const slug = decodeSlug(postName);
  if (/^[\p{L}\p{N}_-]{1,180}$/u.test(slug)) return slug;
  return slugify(slug || title);
}

/** Titles and category names as long as the columns hold (characters, never half a pair); PostgreSQL refuses longer ones. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
}

function categoryOf(slug: string, name: string): WxrCategory | null {
  const cleanSlug = decodeSlug(slug);
  const cleanName = cut(titleToText(name), MAX_CATEGORY_NAME_LENGTH);
  if (!cleanSlug && !cleanName) return null;
  return { slug: /^[\p{L}\p{N}_-]{1,180}$/u.test(cleanSlug) ? cleanSlug : slugify(cleanSlug || cleanName), name: cleanName || cleanSlug };
}

/** `<!--more-->` and `<!--nextpage-->` split a post on WordPress's lists; here a whole post shows, so they go (with their paragraph). */
function withoutMoreTags(html: string): string {
  return html.replace(/<p>\s*<!--(?:more|nextpage)\b[\s\S]*?-->\s*<\/p>\n?/g, '');
}

/**
 * An item's content as stored (paragraphed as WordPress showed it, then sanitised), or the limit
 * it exceeds. The raw content is checked first so that nothing larger or deeper is paragraphed;
 * paragraphing adds elements, so the sanitiser's own check can still refuse it.
 */
function importedContent(raw: string): { ok: true; html: string } | { ok: false; message: string } {
  const check = checkHtmlLimits(raw);
  if (!check.ok) return check;
  try {
    return { ok: true, html: sanitizeContent(withoutMoreTags(autopIfClassic(raw))) };
  } catch (error) {
    if (isRefusal(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** The validator throws its own error (message, line) for a malformed file; the import refuses it (not_wxr). */
function assertWellFormed(xml: string): void {
  try {
    SyntaxValidator.validate(xml);
  } catch (err) {
    const { message, line } = err instanceof Error ? (err as Error & { line?: unknown }) : { message: String(err), line: undefined };
    throw notWxr(`The file is not well-formed XML (${typeof line === 'number' ? `line ${line}: ` : ''}${message}).`);
  }
}

/**
 * Parses a WXR file. Posts and pages only; statuses map publish -> publish and everything else
 * (draft, pending, private, future) -> draft for posts and pending for pages. A password-protected
 * item is not published either: the public site has no passwords. Trashed and auto-draft items
 * are left out, and so is an item whose content is beyond the HTML limits (listed in `refused`).
 * Dates come from wp:post_date_gmt, or wp:post_date when that is unset.
 */
export function parseWxr(xml: string, now: number): WxrDocument {
  if (/<!ENTITY/i.test(xml)) throw notWxr('The file declares XML entities, which a WordPress export never does.');
  assertWellFormed(xml);
  const parsed = documentSchema.safeParse(parser.parse(xml));
  if (!parsed.success) throw notWxr('The file is not a WordPress export (WXR): it has no <rss><channel>.');
  const channel = parsed.data.rss.channel;
  if (!channel['wp:wxr_version']) throw notWxr('The file is not a WordPress export (WXR): it has no wp:wxr_version.');

  const categories = new Map<string, WxrCategory>();
  const addCategory = (category: WxrCategory | null) => {
    if (category && !categories.has(category.slug)) categories.set(category.slug, category);
    return category;
  };
  for (const c of channel['wp:category']) addCategory(categoryOf(c['wp:category_nicename'], c['wp:cat_name']));

  const items: WxrItem[] = [];
  const refused: WxrRefusal[] = [];
  for (const raw of channel.item) {
    const result = itemSchema.safeParse(raw);
    if (!result.success) continue;
    const item = result.data;
    const type = item['wp:post_type'].trim();
    if (type !== 'post' && type !== 'page') continue;
    const wpStatus = item['wp:status'].trim();
    if (wpStatus === 'trash' || wpStatus === 'auto-draft') continue;
    const isPublic = wpStatus === 'publish' && item['wp:post_password'].trim() === '';
    const status = isPublic ? 'publish' : type === 'post' ? 'draft' : 'pending';
    const date = wpTime(item['wp:post_date_gmt']) ?? wpTime(item['wp:post_date']) ?? now;
    const modified = wpTime(item['wp:post_modified_gmt']) ?? wpTime(item['wp:post_modified']) ?? date;
    const title = cut(titleToText(item.title), MAX_ITEM_TITLE_LENGTH);
    const slug = importedSlug(item['wp:post_name'], title);
    const content = importedContent(item['content:encoded']);
    if (!content.ok) {
      refused.push({ type, title, slug, message: content.message });
      continue;
    }
    const itemCategories: WxrCategory[] = [];
    if (type === 'post') {
      for (const element of item.category) {
        if (typeof element === 'string' || element['@_domain'] !== 'category') continue;
        const category = addCategory(categoryOf(element['@_nicename'] ?? '', String(element['#text'] ?? '')));
        if (category && !itemCategories.some((c) => c.slug === category.slug)) itemCategories.push(categories.get(category.slug) ?? category);
      }
    }
    items.push({
      wpId: Number.parseInt(item['wp:post_id'], 10) || 0,
      type,
      title,
      slug,
      content: content.html,
      status,
      date,
      modified,
      parentWpId: type === 'page' ? Number.parseInt(item['wp:post_parent'], 10) || 0 : 0,
      menuOrder: Number.parseInt(item['wp:menu_order'], 10) || 0,
      categories: itemCategories,
    });
  }
  return { categories: [...categories.values()], items, refused };
}
