import { isLockedContent } from '../../../rules';
import { inTransaction, type SchoolContext } from '../../../../../platform/context';
import { removeStoredFiles } from '../../../../../platform/media/store';
import * as repo from '../content/repository';
import { lockSlugs, nextFreeSlug } from '../content/slugs';
import { storeUpload } from '../media/service';
import { collectExternalPictures, pictureSize, rewriteExternalPictures, type PictureHints } from './images';
import { placeholderPng } from './placeholders';
import { parseWxr, type ImportCounts, type WxrDocument, type WxrItem } from './wxr';

/** WordPress import, the writing: a parsed WXR document (./wxr.ts) into a school's posts, pages and categories. */

export interface ImportOptions {
  /**
   * Replace the pictures the content hot-links from other sites (`<img>`, srcset, poster, CSS
   * backgrounds, links to image files: ./images.ts) by placeholders of their size, clearly marked
   * as such (./placeholders.ts), stored as the school's uploads in this data folder; and keep its
   * audio and video from other sites from loading before a visitor presses play. Then a page of
   * the imported content sends no request off the machine. The demo seed uses it (`import-wxr
   * --local-images` too); without it the content keeps its addresses, as WordPress had them.
   */
  localImages?: { dataDir: string };
}

/** The school's placeholders for the pictures of one import, made as the items that show them are written. */
function placeholderMaker(dataDir: string, doc: WxrDocument) {
  const hints = new Map<string, PictureHints>();
  for (const item of doc.items) collectExternalPictures(item.content, hints);
  const made = new Map<string, string>();
  const files: string[] = [];
  return {
    files,
    /** An item's content with its pictures replaced, their placeholders stored first. */
    async localise(trx: SchoolContext, html: string): Promise<string> {
      const found = new Map<string, PictureHints>();
      collectExternalPictures(html, found);
      for (const key of found.keys()) {
        if (made.has(key)) continue;
        const picture = hints.get(key) ?? found.get(key) ?? { name: '' };
        const { width, height } = pictureSize(picture);
        const bytes = await placeholderPng({ width, height, name: picture.name, seed: key });
        const base = picture.name.replace(/\.[a-z0-9]+$/i, '') || 'image';
        const stored = await storeUpload(trx, dataDir, { bytes, name: `${base} (placeholder).png` }, { imagesOnly: true, titleFallback: 'Image placeholder' });
        files.push(stored.src.slice(stored.src.lastIndexOf('/') + 1));
        made.set(key, stored.src);
      }
      return rewriteExternalPictures(html, (key) => made.get(key));
    },
    get count() {
      return made.size;
    },
  };
}

/**
 * Imports a parsed WXR document into a school, in one transaction (or the caller's). An item whose
 * slug the school already has (of its type) is skipped, so importing the same file again adds
 * nothing. A page's parent is the imported (or existing) page its wp:post_parent names. A page
 * that arrives pending starts its review time at the import, not at its old WordPress date.
 */
export async function importWxrDocument(ctx: SchoolContext, doc: WxrDocument, options: ImportOptions = {}): Promise<ImportCounts> {
  const placeholders = options.localImages ? placeholderMaker(options.localImages.dataDir, doc) : null;
  try {
    return await inTransaction(ctx, (trxCtx) => importInto(trxCtx, doc, placeholders));
  } catch (err) {
    // The rows went with the transaction; their files must go too.
    if (placeholders && options.localImages) {
      for (const file of placeholders.files) await removeStoredFiles(options.localImages.dataDir, ctx.domain.id, decodeURIComponent(file));
    }
    throw err;
  }
}

async function importInto(trxCtx: SchoolContext, doc: WxrDocument, placeholders: ReturnType<typeof placeholderMaker> | null): Promise<ImportCounts> {
  const { db: trx, domain, now } = trxCtx;
  const domainId = domain.id;
  const counts: ImportCounts = { posts: 0, pages: 0, categories: 0, skipped: 0 };

  const categoryIds = new Map<string, number>();
  const existingCategories = await repo.listCategories(trx, domainId);
  for (const c of existingCategories) categoryIds.set(c.slug, c.id);
  for (const category of doc.categories) {
    if (categoryIds.has(category.slug)) continue;
    categoryIds.set(category.slug, await repo.insertCategory(trx, domainId, category));
    counts.categories += 1;
  }

  // Posts before pages, as everywhere: saves take one of the two, so nobody waits in a circle.
  await lockSlugs(trx, domainId, 'post');
  await lockSlugs(trx, domainId, 'page');
  const slugsBefore = { post: await repo.allSlugs(trx, domainId, 'post'), page: await repo.allSlugs(trx, domainId, 'page') };
  const taken = { post: new Set(slugsBefore.post), page: new Set(slugsBefore.page) };
  const pageIds = new Map<number, number>();
  const inserted: Array<{ id: number; item: WxrItem }> = [];

  for (const item of doc.items) {
    if (slugsBefore[item.type].has(item.slug)) {
      counts.skipped += 1;
      if (item.type === 'page') {
        const existing = await repo.findItemBySlug(trx, domainId, 'page', item.slug);
        if (existing) pageIds.set(item.wpId, existing.id);
      }
      continue;
    }
    const slug = nextFreeSlug(item.slug, taken[item.type]);
    taken[item.type].add(slug);
    const created = item.status === 'pending' ? now : item.date;
    const content = placeholders ? await placeholders.localise(trxCtx, item.content) : item.content;
    const id = await repo.insertItem(trx, domainId, {
      type: item.type,
      title: item.title,
      content,
      status: item.status,
      slug,
      parent_id: null,
      menu_order: item.menuOrder,
      created_at: created,
      modified_at: Math.max(item.modified, created),
      // Content made outside the portal with a page builder, a table style or a form plugin: the editor must not open it.
      locked: isLockedContent(content),
    });
    inserted.push({ id, item });
    if (item.type === 'page') {
      pageIds.set(item.wpId, id);
      counts.pages += 1;
    } else {
      counts.posts += 1;
      const ids = item.categories.map((c) => categoryIds.get(c.slug)).filter((v): v is number => v !== undefined);
      await repo.setItemCategories(trx, domainId, id, [...new Set(ids)]);
    }
  }

  for (const { id, item } of inserted) {
    if (item.type !== 'page' || item.parentWpId === 0) continue;
    const parentId = pageIds.get(item.parentWpId);
    if (parentId !== undefined && parentId !== id) await repo.updateItem(trx, domainId, 'page', id, { parent_id: parentId });
  }
  if (doc.refused.length > 0) {
    counts.refused = doc.refused.map((r) => `Skipped the ${r.type} "${r.title || r.slug}" (${r.slug}): ${r.message}`);
  }
  if (placeholders) counts.placeholders = placeholders.count;
  return counts;
}

/** Parses a WXR file's text (a Refusal, not_wxr, when it cannot be imported) and imports it into the context's school. */
export async function importWxr(ctx: SchoolContext, xml: string, options: ImportOptions = {}): Promise<ImportCounts> {
  return importWxrDocument(ctx, parseWxr(xml, ctx.now), options);
}
