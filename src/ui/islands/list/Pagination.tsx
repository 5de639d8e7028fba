import type { MouseEvent } from 'react';
import { pageItems } from './pagination';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** Names the navigation landmark, e.g. 'Posts pages'. */
  label: string;
  /** The address of a page: the links work without JavaScript and open in new tabs. */
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
}

/** Tabler's pager as real links; a plain click loads the page in place. */
export function Pagination({ page, totalPages, label, hrefFor, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(target);
  };
  const edge = (target: number, text: string, arrow: 'before' | 'after', enabled: boolean) => {
    const content = (
      <>
        {arrow === 'before' ? <span aria-hidden="true">‹ </span> : null}
        {text}
        {arrow === 'after' ? <span aria-hidden="true"> ›</span> : null}
      </>
    );
    return (
      <li className={`page-item${enabled ? '' : ' disabled'}`}>
        {enabled ? (
          <a className="page-link" href={hrefFor(target)} onClick={go(target)}>
            {content}
          </a>
        ) : (
          <span className="page-link" aria-disabled="true">
            {content}
          </span>
        )}
      </li>
    );
  };
  return (
    <nav aria-label={label}>
      <ul className="pagination m-0">
        {edge(page - 1, 'Previous', 'before', page > 1)}
        {pageItems(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li className="page-item disabled" key={`gap-${i}`} aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li className={`page-item${item === page ? ' active' : ''}`} key={item}>
              <a
                className="page-link"
                href={hrefFor(item)}
                onClick={go(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </a>
            </li>
          ),
        )}
        {edge(page + 1, 'Next', 'after', page < totalPages)}
      </ul>
    </nav>
  );
}
