import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListLocation } from '../../src/lib/lists/location';
import { createListStore } from '../../src/ui/stores/list';

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

  it('makes each choice a Back step as it is made, and puts the shown list back in the address when a load fails', async () => {
    const location = { pathname: '/website/posts', search: '?query=e2e&status=public' };
    const steps: string[] = [];
    const go = (kind: string) => (_state: unknown, _title: string, href: string) => {
      steps.push(`${kind} ${href}`);
      location.search = href.slice(href.indexOf('?'));
    };
    vi.stubGlobal('window', { location, history: { pushState: go('push'), replaceState: go('replace') } });
    const answers: Array<(answer: Answer | null) => void> = [];
    const store = createListStore<string>(
      {
        path: '/website/posts',
        maxQueryLength: 200,
        filters: { status: ['all', 'public', 'hidden'], sort: ['date', 'title', 'title-desc'] },
        fetchPage: () => new Promise<Answer | null>((resolve) => answers.push(resolve)),
      },
      { rows: ['a', 'b'], page: 1, query: 'e2e', filters: { status: 'public' }, totalPages: 1, total: 2, pageSize: 10 },
    );

    const first = store.setFilter('status', 'all');
    const second = store.setFilter('sort', 'title');
    // Both choices are in the history before either answer: Back from the second shows the first.
    expect(steps).toEqual(['push /website/posts?query=e2e', 'push /website/posts?sort=title&query=e2e']);
    answers[0]?.({ rows: ['stale'], totalPages: 1, total: 1 });
    answers[1]?.({ rows: ['a', 'b', 'c'], totalPages: 1, total: 3 });
    expect(await first).toBe(false);
    expect(await second).toBe(true);

    const failed = store.setFilter('status', 'hidden');
    answers[2]?.(null);
    expect(await failed).toBe(false);
    expect(steps.slice(2)).toEqual(['push /website/posts?sort=title&status=hidden&query=e2e', 'replace /website/posts?sort=title&query=e2e']);
    expect(store.$list.get()).toMatchObject({ rows: ['a', 'b', 'c'], filters: { sort: 'title' }, loading: false });
  });
});
