import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/server/auth/service';

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
