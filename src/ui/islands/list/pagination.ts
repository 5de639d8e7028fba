/** One entry of a pager: a page number, or a gap standing for the pages left out. */
export type PageItem = number | 'gap';

/**
 * The pages a pager shows: all of them up to 7, otherwise the first, the last and the current
 * page with its neighbours, gaps between.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.max(1, Math.min(current, total));
  // Near an end, show five pages on that side so the pager keeps its width.
  const start = page <= 4 ? 2 : page >= total - 3 ? total - 4 : page - 1;
  const end = page <= 4 ? 5 : page >= total - 3 ? total - 1 : page + 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total - 1) items.push('gap');
  items.push(total);
  return items;
}
