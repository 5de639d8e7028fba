import { describe, expect, it } from 'vitest';
import { pageItems } from '../../src/islands/ui/pagination';
import { listSummary } from '../../src/islands/ui/ListStatus';
import { listHref, readLocation } from '../../src/lib/website-lists';
import { listQuery } from '../../src/lib/lists';
import { encodeQuery } from '../../src/lib/send';
import { displayTitle, formatListDate, pageStateText, toPageRow, toPostRow } from '../../src/lib/website-lists';
import { formatDayMonthYearTime } from '../../src/lib/dates';
import { moveItem } from '../../src/stores/website/gallery';

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
      url: '/sites/a/posts/x',
      locked: true,
    });
    expect(toPostRow({ ...post, post_status: 'publish' }, 'UTC', false).isPublic).toBe(true);
    expect(displayTitle(' Hello ')).toBe('Hello');
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
