import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** Tabler's empty state: what is missing and, in children, what to do about it. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="empty py-4">
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-subtitle text-secondary">{children}</div> : null}
    </div>
  );
}
