import { useEffect, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { BuilderStore } from '../../../stores/builder/builder';

/**
 * A block the palette adds (a click, Enter, a drop) lands wherever the email ends, often below the
 * screen: it is scrolled into view and focused, so the keyboard user is on it (Tab reaches its
 * toolbar). The store has already selected it and put "<Type> block added." in the live region.
 */
export function useRevealAdded(canvasRef: RefObject<HTMLElement | null>, store: BuilderStore): void {
  const added = useStore(store.$added);
  useEffect(() => {
    if (!added) return;
    const block = canvasRef.current?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(added.id)}"]`);
    if (!block) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    block.scrollIntoView({ block: 'center', behavior: calm ? 'auto' : 'smooth' });
    block.focus({ preventScroll: true });
  }, [added, canvasRef]);
}
