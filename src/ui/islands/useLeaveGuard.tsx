import { useEffect, useRef, useState, type ReactNode } from 'react';
import { guardLeaving, type LeaveGuard } from '../../lib/browser/leave-guard';
import { ConfirmDialog } from './ConfirmDialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_MESSAGE = 'You have changes that are not saved. If you leave this page now, they will be lost.';

export interface LeaveGuardControls {
  /** For the island's own buttons that navigate (Cancel): asks first when there is something to lose. */
  confirmLeave: (href: string) => void;
  /** Navigates without asking: after a save, when nothing is lost. */
  leaveNow: (href: string) => void;
  /** The confirm dialog: render it in the island. */
  dialog: ReactNode;
}

/**
 * The shared unsaved-changes guard of a form or editor island (src/lib/browser/leave-guard.ts): while
 * `isDirty()` (read at the moment someone leaves, so a store's latest state counts), a link
 * elsewhere (the sidebar's, the island's own Cancel link) opens the confirm dialog this returns,
 * and closing or reloading the tab gets the browser's prompt.
 */
export function useLeaveGuard(isDirty: () => boolean): LeaveGuardControls {
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const [pending, setPending] = useState<string | null>(null);
  const guard = useRef<LeaveGuard | null>(null);

  useEffect(() => {
    const current = guardLeaving({ isDirty: () => dirtyRef.current(), ask: setPending });
    guard.current = current;
    return () => {
      current.dispose();
      guard.current = null;
    };
  }, []);

  const leaveNow = (href: string) => {
    if (guard.current) guard.current.leave(href);
    else window.location.assign(href);
  };

  return {
    confirmLeave: (href) => (dirtyRef.current() ? setPending(href) : leaveNow(href)),
    leaveNow,
    dialog: (
      <ConfirmDialog
        open={pending !== null}
        title={LEAVE_TITLE}
        confirmLabel="Leave"
        cancelLabel="Stay"
        danger
        onConfirm={() => {
          const href = pending;
          setPending(null);
          if (href !== null) leaveNow(href);
        }}
        onCancel={() => setPending(null)}
      >
        {LEAVE_MESSAGE}
      </ConfirmDialog>
    ),
  };
}
