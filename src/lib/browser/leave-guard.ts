/**
 * Never lose work (issue 9): while a form or editor holds changes nobody saved, leaving the
 * page asks first. A link inside the portal is held and `ask(href)` decides (the island shows
 * its confirm dialog, then calls `leave(href)`); closing or reloading the tab gets the browser's
 * own prompt (browsers allow no other there). Framework-free: the React hook
 * (src/ui/islands/useLeaveGuard.tsx) wraps it with the shared dialog.
 */
export interface LeaveGuard {
  /** Goes to `href` without asking again (the user chose to leave, or there is nothing to lose). */
  leave(href: string): void;
  /** Stops guarding: listeners removed. */
  dispose(): void;
}

export interface LeaveGuardOptions {
  isDirty: () => boolean;
  /** A held navigation to `href`: ask the user, then `leave(href)` or do nothing. */
  ask: (href: string) => void;
  /** Navigation itself (tests pass their own). */
  navigate?: (href: string) => void;
  /** The document and window to guard (tests pass their own). */
  target?: { document: Document; window: Window };
}

/** The address a click on this link would open in this tab, or null when the guard must let it be. */
export function guardedHref(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const start = event.target instanceof Element ? event.target : null;
  const link = start?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, origin);
  if (url.origin !== origin) return null;
  const here = new URL(link.ownerDocument.location.href);
  // A jump within this page loses nothing.
  if (url.pathname === here.pathname && url.search === here.search && url.hash !== '') return null;
  return url.pathname + url.search + url.hash;
}

export function guardLeaving({ isDirty, ask, navigate, target }: LeaveGuardOptions): LeaveGuard {
  const doc = target?.document ?? document;
  const win = target?.window ?? window;
  const go = navigate ?? ((href: string) => win.location.assign(href));
  let leaving = false;

  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (leaving || !isDirty()) return;
    event.preventDefault();
    // Older Chromium needs returnValue set to show its prompt.
    event.returnValue = '';
  };
  const onClick = (event: MouseEvent) => {
    if (leaving || !isDirty()) return;
    const href = guardedHref(event, win.location.origin);
    if (href === null) return;
    event.preventDefault();
    ask(href);
  };
  win.addEventListener('beforeunload', onBeforeUnload);
  // Capture: the sidebar's and the island's own links alike, before anything else acts on them.
  doc.addEventListener('click', onClick, true);

  return {
    leave(href) {
      leaving = true;
      go(href);
    },
    dispose() {
      win.removeEventListener('beforeunload', onBeforeUnload);
      doc.removeEventListener('click', onClick, true);
    },
  };
}
