/**
 * What the website lists show of each item, and how it is derived from the contract's types;
 * and where a list is in its address. Used by the .astro pages (first screen, on the server) and
 * by the stores (later pages, in the browser): one function on both sides, so the first HTML and
 * the hydrated island agree.
 *
 * This module imports only types from the contract's schemas (its values would pull zod, ~29 KB
 * gzip, into the browser) and values from its zod-free rules.
 */
import type { Gallery, GalleryImage, Page, Post } from './contract';
import { MAX_QUERY_LENGTH, POST_LIST_SORTS, POST_LIST_STATUSES, type PostListSort, type PostListStatus } from './rules';
import { dayMonthYearParts, formatDayMonthYearTime, numericDay } from '../../lib/dates';
import { listHref, listQuery, readLocation as readListLocation, type ListLocation } from '../../lib/lists/location';

export { listHref };

/** ?page=&query= of a website list's address (the contract's search limit); anything unusable falls back to page 1 and no query. */
export function readLocation(search: string | URLSearchParams): ListLocation {
  return readListLocation(search, MAX_QUERY_LENGTH);
}

/** Manage Posts' own choices in its address (?status=hidden&sort=title): the posts call's words, the first of each the default. */
export const POSTS_LIST_FILTERS = { status: POST_LIST_STATUSES, sort: POST_LIST_SORTS } as const;

/** Manage Posts' address: ?page=&query= plus ?status=&sort= (an unknown word is its default). */
export function readPostsLocation(search: string | URLSearchParams): ListLocation {
  return readListLocation(search, MAX_QUERY_LENGTH, POSTS_LIST_FILTERS);
}

/** Which posts and in what order a location of Manage Posts shows. */
export function postListChoice(location: ListLocation): { status: PostListStatus; sort: PostListSort } {
  const status = POST_LIST_STATUSES.find((word) => word === location.filters?.status) ?? 'all';
  const sort = POST_LIST_SORTS.find((word) => word === location.filters?.sort) ?? 'date';
  return { status, sort };
}

/** The posts call's query for a location: `status` and `sort` only away from their defaults (the spec's call without them). */
export function postsQuery(location: ListLocation, limit: number): ReturnType<typeof listQuery> & { status?: PostListStatus; sort?: PostListSort } {
  const { status, sort } = postListChoice(location);
  return { ...listQuery(location, limit), ...(status === 'all' ? {} : { status }), ...(sort === 'date' ? {} : { sort }) };
}

/** What a post's badge says: 'Scheduled' is a published post dated in the future (a WordPress import can bring those). */
export type PostState = 'public' | 'hidden' | 'scheduled';
export const POST_STATE_LABELS: Record<PostState, string> = { public: 'Public', hidden: 'Hidden', scheduled: 'Scheduled' };

export function postState(post: Pick<Post, 'post_status' | 'post_date'>, now: number): PostState {
  if (post.post_status !== 'publish') return 'hidden';
  return Date.parse(post.post_date) > now ? 'scheduled' : 'public';
}

/** A date as the lists show it: dd/mm/yyyy in the portal's time zone, and yyyy-mm-dd for <time>. */
export interface DateCell {
  text: string;
  iso: string;
}

export interface PostRow {
  id: number;
  title: string;
  category: string;
  created: DateCell;
  isPublic: boolean;
  /** The badge: Public, Hidden or Scheduled. */
  state: PostState;
  url: string;
  locked: boolean;
}

export interface PageRow {
  id: number;
  title: string;
  modified: DateCell;
  url: string;
  locked: boolean;
  /** What the row says of a page that is not published: 'Pending review — publishes 24/11/26 14:05', 'Draft'; null when published. */
  state: string | null;
}

/** The state a pages list row shows (null: published, nothing to say). */
export function pageStateText(page: Pick<Page, 'post_status' | 'publishes_at'>, timeZone: string): string | null {
  if (page.post_status === 'publish') return null;
  if (page.post_status === 'draft') return 'Draft';
  const at = page.publishes_at ? new Date(page.publishes_at) : null;
  return at && !Number.isNaN(at.getTime()) ? `Pending review — publishes ${formatDayMonthYearTime(at, timeZone)}` : 'Pending review';
}

export interface GalleryRow {
  id: number;
  title: string;
  photos: number;
  created: DateCell;
}

/** One image of the gallery editor's grid. */
export interface GalleryTile {
  id: number;
  title: string;
  /** The 150x150 thumbnail address. */
  thumb: string;
}

/**
 * A local date of an ISO time: `toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit',
 * year: 'numeric', timeZone })`, the same string in Node and in the browser (both carry full ICU
 * data), written by the one cached formatter of that format (lib/dates.ts).
 */
export function formatListDate(iso: string, timeZone: string): DateCell {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { text: '', iso: '' };
  const formatter = numericDay(timeZone);
  const { day, month, year } = dayMonthYearParts(formatter, date);
  return { text: formatter.format(date), iso: `${year}-${month}-${day}` };
}

/** A title to show and to name buttons by, even when the item has none. */
export function displayTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed === '' ? '(no title)' : trimmed;
}

/** `now` (ms) decides which published posts are still Scheduled. */
export function toPostRow(post: Post, timeZone: string, locked: boolean, now: number = Date.now()): PostRow {
  return {
    id: post.id,
    title: displayTitle(post.post_title),
    category: post.post_category,
    created: formatListDate(post.post_date, timeZone),
    isPublic: post.post_status === 'publish',
    state: postState(post, now),
    url: post.post_url,
    locked,
  };
}

export function toPageRow(page: Page, timeZone: string, locked: boolean): PageRow {
  return {
    id: page.id,
    title: displayTitle(page.post_title),
    modified: formatListDate(page.post_modified, timeZone),
    url: page.post_url,
    locked,
    state: pageStateText(page, timeZone),
  };
}

export function toGalleryRow(gallery: Gallery, timeZone: string): GalleryRow {
  return {
    id: gallery.id,
    title: displayTitle(gallery.post_title),
    photos: gallery.gallery_data.gallery.length,
    created: formatListDate(gallery.post_date, timeZone),
  };
}

export function toGalleryTile(image: GalleryImage, thumbnailUrl: (src: string) => string): GalleryTile {
  return { id: image.id, title: displayTitle(image.title), thumb: thumbnailUrl(image.src) };
}
