import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/platform/auth/service';

describe('safeNextPath', () => {
  it.each(['/home', '/website/posts', '/website/posts?page=2&query=sports%20day', '/support/tickets#new', '/account/users/'])(
    'keeps the same-site path %j',
    (next) => {
      expect(safeNextPath(next)).toBe(next);
    },
  );

  it.each([
    [null],
    [undefined],
    [''],
    ['home'],
    ['//evil.com'],
    ['//evil.com/home'],
    ['https://evil.com'],
    ['http://evil.com/home'],
    ['javascript:alert(1)'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/api/logout'],
    ['/api/api/user'],
    ['/login'],
    ['/login?next=/home'],
  ])('sends %j to /home', (next) => {
    expect(safeNextPath(next)).toBe('/home');
  });

  // Browsers strip tabs and newlines from URLs, so '/\t/evil.com' in a Location header is '//evil.com'.
  it.each([['/\t/evil.com'], ['/\n/evil.com'], ['/\r/evil.com'], ['\t//evil.com']])(
    'sends %j to /home (whitespace a browser strips must not hide //)',
    (next) => {
      expect(safeNextPath(next)).toBe('/home');
    },
  );
});

describe('safeNextPath against paths that resolve to another host', () => {
  // Each of these is same-origin text that a browser (or a proxy decoding %2f / %5c) turns into '//evil.com'.
  it.each([
    ['/.//evil.com'],
    ['/..//evil.com'],
    ['/%2e//evil.com'],
    ['/%2E//evil.com'],
    ['/%2e%2e//evil.com'],
    ['/home/..//evil.com'],
    ['/home/../..//evil.com/home'],
    ['/././/evil.com'],
    ['/\\evil.com'],
    ['/\\\\evil.com'],
    ['/\\/evil.com'],
    ['/%5cevil.com'],
    ['/%5Cevil.com'],
    ['/%2f%2fevil.com'],
    ['/%2F/evil.com'],
    ['/.%2f/evil.com'],
    ['/evil.com%5c'],
    ['//evil.com'],
    ['///evil.com'],
    ['/\t/evil.com'],
    ['/.\t//evil.com'],
    ['/\u0000/evil.com'],
    ['https://evil.com'],
    ['https:evil.com'],
  ])('sends %j to /home', (next) => {
    expect(safeNextPath(next)).toBe('/home');
  });

  it.each(['/website/posts?page=2', '/home#x', '/website/posts/edit?id=3', '/', '/website/posts?q=a%2fb', '/website/a%2fb'])(
    'keeps the legitimate path %j unchanged',
    (next) => {
      expect(safeNextPath(next)).toBe(next);
    },
  );

  it('keeps a same-site path with dot segments as the path a browser would request', () => {
    expect(safeNextPath('/website/./posts/../pages')).toBe('/website/pages');
  });

  it('never returns anything but /home or a single-slash path that resolves to itself', () => {
    const samples = ['/.//evil.com', '/%2e%2e//evil.com', '/a/../b', '/\\evil.com', '/x?next=//evil.com', '/x#//evil.com', '/%2e/home'];
    for (const next of samples) {
      const result = safeNextPath(next);
      expect(result === '/home' || /^\/(?:$|[^/\\])/.test(result)).toBe(true);
      expect(new URL(result, 'http://portal.invalid').origin).toBe('http://portal.invalid');
      expect(safeNextPath(result)).toBe(result);
    }
  });
});
