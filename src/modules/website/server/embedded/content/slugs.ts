import { lockInTransaction, type Db } from '../../../../../platform/db';
import type { ItemType } from './repository';

/** Slugs of posts and pages (the public site's addresses), shared by saves and the WordPress import. */

const MAX_SLUG_LENGTH = 180;

/** A URL slug of a title: lowercase letters and digits (any script) joined by single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = Array.from(slug).slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '');
  return cut || 'untitled';
}

/** `base`, or `base-2`, `base-3`... whichever is free among `taken`. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Saves and imports that pick a free slug of a school's posts (or pages) take turns until they
 * commit, so two at the same moment never pick the same one (on PostgreSQL; SQLite writes one at a time).
 */
export function lockSlugs(trx: Db, domainId: number, type: ItemType): Promise<void> {
  return lockInTransaction(trx, `website_posts.slug:${domainId}:${type}`);
}
