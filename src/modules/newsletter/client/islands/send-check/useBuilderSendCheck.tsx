import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { checkBuild } from '../../../send-check';
import type { BuilderStore } from '../../stores/builder/builder';
import { useSendChecklist, type SendKind } from './useSendChecklist';

/** The query parameter that opens the builder with a block selected (the send screen's "Fix in the builder"). */
export const BLOCK_PARAM = 'block';

export interface BuilderSendCheck {
  /** Checks the build (and its rendered size, the preview's measurement); goes on at once when all is well, else lists the problems. */
  check(kind: SendKind, proceed: () => void): Promise<void>;
  checking: boolean;
  /** The checklist dialog, to render once in the builder. */
  dialog: ReactNode;
}

/**
 * Selects a block, scrolls it into view and puts focus on its Style button (what a fix means in
 * the builder). Selecting opens the Style tab, which on a phone sits above the canvas and pushes
 * it down: the scroll waits for that layout (the next frame).
 */
function goToBlock(store: BuilderStore, blockId: string): void {
  store.select(blockId);
  requestAnimationFrame(() => {
    const block = document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(blockId)}"]`);
    if (!block) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    block.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    block.querySelector<HTMLElement>(':scope > .nb-block-bar [data-action="style"]')?.focus({ preventScroll: true });
  });
}

/**
 * The builder's pre-send check (issue 29 §2): "Send newsletter" and "Send test" ask it first. Kept
 * out of NewsletterBuilder.tsx so the builder only calls `check` and renders `dialog`. Also opens
 * the builder on `?block=<id>` with that block selected.
 */
export function useBuilderSendCheck(store: BuilderStore): BuilderSendCheck {
  const [checking, setChecking] = useState(false);
  const checklist = useSendChecklist({
    fixLabel: (problem) => (problem.blockId ? 'Select the block' : null),
    onFix: (problem) => {
      if (problem.blockId) goToBlock(store, problem.blockId);
    },
  });

  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get(BLOCK_PARAM);
    if (asked) goToBlock(store, asked);
  }, [store]);

  const { run } = checklist;
  const check = useCallback(
    async (kind: SendKind, proceed: () => void) => {
      if (checking) return;
      setChecking(true);
      try {
        const rendered = await store.render();
        run(checkBuild({ build: store.$build.get(), ...(rendered ? { bytes: rendered.bytes } : {}) }), kind, proceed);
      } finally {
        setChecking(false);
      }
    },
    [checking, run, store],
  );
  return { check, checking, dialog: checklist.dialog };
}
