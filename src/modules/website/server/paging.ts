/**
 * Walking a paged list page after page, the one way the website does it: the new page's Menu
 * Parent titles (every page, as the island lists them) and the legacy backend's lookups of one
 * item in its lists (it has no call for one post, page or gallery).
 */

/** One page of a list as its call answers it. */
export interface ListPage<T> {
  items: T[];
  total_pages: number;
}

type LoadPage<T> = (page: number) => Promise<ListPage<T>>;

/** The list's pages in order, at most `maxPages` of them; asked one at a time, as the walker goes. */
async function* pagesOf<T>(load: LoadPage<T>, maxPages: number): AsyncGenerator<T[]> {
  for (let page = 1, total = 1; page <= total && page <= maxPages; page += 1) {
    const answer = await load(page);
    yield answer.items;
    total = answer.total_pages;
  }
}

/** Every item of the list, page after page. */
export async function everyItem<T>(load: LoadPage<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pagesOf(load, Number.POSITIVE_INFINITY)) items.push(...page);
  return items;
}

/** The first item `found` accepts, stopping at the page that holds it; null when none does within `maxPages`. */
export async function findItem<T>(load: LoadPage<T>, found: (item: T) => boolean, maxPages = Number.POSITIVE_INFINITY): Promise<T | null> {
  for await (const page of pagesOf(load, maxPages)) {
    const hit = page.find(found);
    if (hit !== undefined) return hit;
  }
  return null;
}
