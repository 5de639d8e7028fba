import { describe, expect, it } from 'vitest';
import { totalPages } from '../../src/lib/lists/paging';

describe('list paging', () => {
  it('counts pages with page 1 always existing', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(25, 10)).toBe(3);
  });
});
