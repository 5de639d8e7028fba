import { describe, expect, it } from 'vitest';
import { pageItems } from '../../../ui/islands/list/pagination';
import { listSummary } from '../../../ui/islands/list/ListStatus';
import { listHref, readLocation } from '../lists';
import { listQuery, withFilter } from '../../../lib/lists/location';
import { encodeQuery } from '../../../lib/browser/send';
import {
  displayTitle,
  formatListDate,
  pageStateText,
  postListChoice,
  postsQuery,
  postState,
  POSTS_LIST_FILTERS,
  readPostsLocation,
  toPageRow,
  toPostRow,
} from '../lists';
import { bulkDoneText } from '../client/stores/posts';
import { initialCategoryIds } from '../client/stores/editor';
import { categoryLabels, filterCategories } from '../../../ui/islands/CategoryPicker';
import { formatDayMonthYearTime } from '../../../lib/dates';
import { moveItem } from '../client/stores/gallery';

describe('readLocation', () => {
  it('reads ?page=&query=, trimming the query', () => {
    expect(readLocation('?page=3&query=%20sports%20day%20')).toEqual({ page: 3, query: 'sports day' });
  });

  it('falls back to page 1 for anything that is not a sane page number', () => {
    for (const page of ['', '0', '-2', '2.5', 'abc', '99999999', '1e3']) {
      expect(readLocation(`?page=${page}`).page).toBe(1);
    }
  });

  it('cuts a query to the contract ceiling of 200 characters', () => {
    expect(readLocation(`?query=${'x'.repeat(300)}`).query).toHaveLength(200);
  });
});

describe('listHref and listQuery', () => {
  it('leaves page 1 and an empty query out of the address', () => {
    expect(listHref('/website/posts', { page: 1, query: '' })).toBe('/website/posts');
    expect(listHref('/website/posts', { page: 2, query: 'a b&c' })).toBe('/website/posts?page=2&query=a+b%26c');
  });

  it('always sends page and limit to the API, the query only when there is one', () => {
    expect(encodeQuery(listQuery({ page: 1, query: '' }, 10))).toBe('page=1&limit=10');
    expect(encodeQuery(listQuery({ page: 4, query: 'x' }, 10))).toBe('page=4&limit=10&query=x');
  });

  it('round-trips through readLocation', () => {
    const location = { page: 7, query: 'Level 3 & more' };
    expect(readLocation(new URL(listHref('/website/pages', location), 'http://x').search)).toEqual(location);
  });
});

describe('pageItems', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, last and current pages with gaps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 9)).toEqual([1, 'gap', 5, 6, 7, 8, 9]);
  });
});

describe('formatListDate', () => {
  it('writes dd/mm/yyyy in the given zone, the same as toLocaleDateString en-GB', () => {
    // 23:30 UTC on 31 Dec 2024 is already 1 Jan 2025 in Berlin.
    expect(formatListDate('2024-12-31T23:30:00.000Z', 'Europe/Berlin')).toEqual({ text: '01/01/2025', iso: '2025-01-01' });
    expect(formatListDate('2024-12-31T23:30:00.000Z', 'Europe/London')).toEqual({ text: '31/12/2024', iso: '2024-12-31' });
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatListDate('not a date', 'UTC')).toEqual({ text: '', iso: '' });
  });
});

describe('rows', () => {
  it('maps a post: Public only when published, a name even without a title', () => {
    const post = {
      id: 5,
      post_title: '  ',
      post_content: '',
      post_category: 'News, Sport',
      post_date: '2025-02-13T12:00:00.000Z',
      post_status: 'draft' as const,
      post_url: '/sites/a/posts/x',
    };
    expect(toPostRow(post, 'UTC', true)).toEqual({
      id: 5,
      title: '(no title)',
      category: 'News, Sport',
      created: { text: '13/02/2025', iso: '2025-02-13' },
      isPublic: false,
      state: 'hidden',
      url: '/sites/a/posts/x',
      locked: true,
    });
    expect(toPostRow({ ...post, post_status: 'publish' }, 'UTC', false).isPublic).toBe(true);
    expect(displayTitle(' Hello ')).toBe('Hello');
  });

  it('badges a post Public, Hidden, or Scheduled when published with a date still to come', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(postState({ post_status: 'publish', post_date: '2026-11-23T11:59:59.000Z' }, now)).toBe('public');
    expect(postState({ post_status: 'publish', post_date: '2026-11-23T12:00:00.000Z' }, now)).toBe('public');
    expect(postState({ post_status: 'publish', post_date: '2026-11-23T12:00:01.000Z' }, now)).toBe('scheduled');
    // A hidden post stays Hidden whatever its date.
    expect(postState({ post_status: 'draft', post_date: '2030-01-01T00:00:00.000Z' }, now)).toBe('hidden');
    const future = { id: 1, post_title: 'Sports day', post_content: '', post_category: '', post_date: '2027-06-01T09:00:00.000Z', post_status: 'publish' as const, post_url: '/x' };
    expect(toPostRow(future, 'UTC', false, now)).toMatchObject({ isPublic: true, state: 'scheduled' });
    expect(toPostRow(future, 'UTC', false, Date.parse('2027-06-02T00:00:00.000Z')).state).toBe('public');
  });
});

describe('Manage Posts address: status and sort', () => {
  it('reads ?status= and ?sort= with page and query; unknown words and defaults fall back and are left out', () => {
    expect(readPostsLocation('?status=hidden&sort=title&page=2&query=trip')).toEqual({ page: 2, query: 'trip', filters: { status: 'hidden', sort: 'title' } });
    expect(readPostsLocation('?status=all&sort=date')).toEqual({ page: 1, query: '', filters: {} });
    expect(readPostsLocation('?status=secret&sort=DROP')).toEqual({ page: 1, query: '', filters: {} });
    expect(readPostsLocation('?status=public&status=hidden').filters).toEqual({ status: 'public' });
    expect(postListChoice(readPostsLocation('?sort=title-desc'))).toEqual({ status: 'all', sort: 'title-desc' });
    expect(postListChoice({ page: 1, query: '' })).toEqual({ status: 'all', sort: 'date' });
  });

  it('writes them into the address and round-trips', () => {
    const location = { page: 3, query: 'a&b', filters: { status: 'public', sort: 'date-asc' } };
    expect(listHref('/website/posts', location)).toBe('/website/posts?status=public&sort=date-asc&page=3&query=a%26b');
    expect(readPostsLocation(new URL(listHref('/website/posts', location), 'http://x').search)).toEqual(location);
    expect(listHref('/website/posts', { page: 1, query: '', filters: {} })).toBe('/website/posts');
  });

  it('sets one choice, dropping it at its default or for an unknown word', () => {
    expect(withFilter({ sort: 'title' }, POSTS_LIST_FILTERS, 'status', 'hidden')).toEqual({ sort: 'title', status: 'hidden' });
    expect(withFilter({ status: 'hidden', sort: 'title' }, POSTS_LIST_FILTERS, 'status', 'all')).toEqual({ sort: 'title' });
    expect(withFilter({ status: 'hidden' }, POSTS_LIST_FILTERS, 'status', 'nonsense')).toEqual({});
    expect(withFilter(undefined, POSTS_LIST_FILTERS, 'colour', 'red')).toEqual({});
  });

  it('sends status and sort to the posts call only away from their defaults', () => {
    expect(encodeQuery(postsQuery({ page: 1, query: '', filters: {} }, 10))).toBe('page=1&limit=10');
    expect(encodeQuery(postsQuery({ page: 2, query: 'x', filters: { status: 'hidden', sort: 'title' } }, 10))).toBe('page=2&limit=10&query=x&status=hidden&sort=title');
  });
});

describe('bulk actions and the category picker', () => {
  it('counts the posts a bulk action changed', () => {
    expect(bulkDoneText('delete', 3)).toBe('Success! 3 posts deleted.');
    expect(bulkDoneText('hide', 1)).toBe('Success! 1 post hidden.');
    expect(bulkDoneText('publish', 12)).toBe('Success! 12 posts published.');
  });

  const categories = [
    { id: 3, name: 'Events' },
    { id: 12, name: 'Foo A' },
    { id: 14, name: 'foo a' },
    { id: 20, name: 'Newsflash' },
    { id: 21, name: 'Newsletters' },
  ];

  it('names a category its name, plus its id when another shares the name', () => {
    const labels = categoryLabels(categories);
    expect([...labels.values()]).toEqual(['Events', 'Foo A (id 12)', 'foo a (id 14)', 'Newsflash', 'Newsletters']);
    expect(filterCategories(categories, labels, ' news ').map((c) => c.id)).toEqual([20, 21]);
    expect(filterCategories(categories, labels, 'foo 14').map((c) => c.id)).toEqual([14]);
    expect(filterCategories(categories, labels, '')).toHaveLength(5);
  });

  it('ticks Newsflash for a new post, and an existing post’s own ids (not every category of that name)', () => {
    expect(initialCategoryIds(categories, undefined, 'create')).toEqual([20]);
    expect(initialCategoryIds(categories, 'Foo A', 'edit', [14])).toEqual([14]);
    // Without ids (an older answer), names are all there is.
    expect(initialCategoryIds(categories, 'Foo A, Events', 'edit')).toEqual([3, 12, 14]);
    // An id that is gone is not ticked.
    expect(initialCategoryIds(categories, 'Gone', 'edit', [99, 3])).toEqual([3]);
  });
});

describe('page states', () => {
  const page = { id: 1, post_title: 'Trips', post_content: '', post_modified: '2026-11-20T10:00:00.000Z', post_url: '/sites/a/trips' };

  it('says when a pending page publishes, in the portal’s zone, and nothing for a published one', () => {
    expect(pageStateText({ post_status: 'pending', publishes_at: '2026-11-24T14:05:00.000Z' }, 'Europe/London')).toBe('Pending review — publishes 24/11/26 14:05');
    // Summer time: London is UTC+1.
    expect(pageStateText({ post_status: 'pending', publishes_at: '2026-07-01T23:30:00.000Z' }, 'Europe/London')).toBe('Pending review — publishes 02/07/26 00:30');
    expect(pageStateText({ post_status: 'pending' }, 'Europe/London')).toBe('Pending review');
    expect(pageStateText({ post_status: 'draft' }, 'Europe/London')).toBe('Draft');
    expect(pageStateText({ post_status: 'publish' }, 'Europe/London')).toBeNull();
    expect(toPageRow({ ...page, post_status: 'publish' }, 'UTC', false).state).toBeNull();
    expect(toPageRow({ ...page, post_status: 'pending', publishes_at: '2026-11-24T09:00:00.000Z' }, 'UTC', false).state).toBe('Pending review — publishes 24/11/26 09:00');
  });

  it('formats a moment as dd/mm/yy hh:mm on the 24-hour clock', () => {
    expect(formatDayMonthYearTime(new Date('2026-01-05T00:07:00Z'), 'UTC')).toBe('05/01/26 00:07');
    expect(formatDayMonthYearTime(new Date('2026-01-05T23:59:00Z'), 'Asia/Tokyo')).toBe('06/01/26 08:59');
  });
});

describe('listSummary', () => {
  it('says what the list shows', () => {
    expect(listSummary({ page: 1, pageSize: 10, total: 58, count: 10, noun: 'post' })).toBe('Showing 1–10 of 58 posts.');
    expect(listSummary({ page: 6, pageSize: 10, total: 58, count: 8, noun: 'post' })).toBe('Showing 51–58 of 58 posts.');
    expect(listSummary({ page: 1, pageSize: 10, total: 1, count: 1, noun: 'post', query: 'abc' })).toBe('Showing 1 of 1 post matching “abc”.');
    expect(listSummary({ page: 2, pageSize: 10, total: 11, count: 1, noun: 'gallery', nounPlural: 'galleries' })).toBe('Showing 11 of 11 galleries.');
    expect(listSummary({ page: 1, pageSize: 10, total: 0, count: 0, noun: 'gallery', nounPlural: 'galleries' })).toBe('No galleries.');
    // A total that lags the rows (a post added meanwhile) never reads as fewer than shown.
    expect(listSummary({ page: 1, pageSize: 10, total: 3, count: 4, noun: 'page' })).toBe('Showing 1–4 of 4 pages.');
  });
});

describe('moveItem', () => {
  it('moves an item and clamps the target', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
