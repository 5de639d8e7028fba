import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListLocation } from '../../src/lib/lists';
import { createListStore } from '../../src/stores/shared/list';

type Answer = { rows: string[]; totalPages: number; total: number };

/** The shared list store (stores/shared/list.ts): choices made while a page is on its way. */
describe('list store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds a second choice made before the first answer on the first (Show, then Sort by)', async () => {
    vi.stubGlobal('window', { location: { pathname: '/website/posts', search: '' }, history: { pushState: () => undefined, replaceState: () => undefined } });
    const asked: ListLocation[] = [];
    const answers: Array<(answer: Answer) => void> = [];
    const store = createListStore<string>(
      {
        path: '/website/posts',
        maxQueryLength: 200,
        filters: { status: ['all', 'public', 'hidden'], sort: ['date', 'title', 'title-desc'] },
        fetchPage: (location) => {
          asked.push(location);
          return new Promise<Answer>((resolve) => answers.push(resolve));
        },
      },
      { rows: ['a', 'b'], page: 1, query: 'e2e', filters: { status: 'public' }, totalPages: 1, total: 2, pageSize: 10 },
    );

    const first = store.setFilter('status', 'all');
    const second = store.setFilter('sort', 'title-desc');
    expect(asked.map((l) => l.filters)).toEqual([{}, { sort: 'title-desc' }]);
    expect(asked[1]?.query).toBe('e2e');

    answers[0]?.({ rows: ['stale'], totalPages: 1, total: 1 });
    answers[1]?.({ rows: ['c', 'b', 'a'], totalPages: 1, total: 3 });
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(store.$list.get()).toMatchObject({ rows: ['c', 'b', 'a'], filters: { sort: 'title-desc' }, loading: false });

    // Once it has arrived, the next choice builds on what is shown.
    const third = store.goToPage(1);
    expect(asked[2]?.filters).toEqual({ sort: 'title-desc' });
    answers[2]?.({ rows: ['c', 'b', 'a'], totalPages: 1, total: 3 });
    expect(await third).toBe(true);
  });
});
