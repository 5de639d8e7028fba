/**
 * What the website lists show of each item, and how it is derived from the contract's types;
 * and where a list is in its address. Used by the .astro pages (first screen, on the server) and
 * by the stores (later pages, in the browser): one function on both sides, so the first HTML and
 * the hydrated island agree.
 *
 * This module imports only types from the contract's schemas (its values would pull zod, ~29 KB
 * gzip, into the browser) and values from its zod-free rules.
 */
import type { Gallery, GalleryImage, Page, Post } from '../contracts/website';
import { MAX_QUERY_LENGTH } from '../contracts/website-rules';
import { dayMonthYearParts, formatDayMonthYearTime, numericDay } from './dates';
import { listHref, readLocation as readListLocation, type ListLocation } from './lists';

export { listHref };

/** ?page=&query= of a website list's address (the contract's search limit); anything unusable falls back to page 1 and no query. */
export function readLocation(search: string | URLSearchParams): ListLocation {
  return readListLocation(search, MAX_QUERY_LENGTH);
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

export function toPostRow(post: Post, timeZone: string, locked: boolean): PostRow {
  return {
    id: post.id,
    title: displayTitle(post.post_title),
    category: post.post_category,
    created: formatListDate(post.post_date, timeZone),
    isPublic: post.post_status === 'publish',
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
