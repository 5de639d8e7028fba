import { useEffect, useRef, type RefObject } from 'react';
import type Sortable from 'sortablejs';
import type { SortableEvent } from 'sortablejs';

/** SortableJS loads once, after the first paint: the canvas is usable (and readable) before. */
let loading: Promise<typeof Sortable> | null = null;
function loadSortable(): Promise<typeof Sortable> {
  loading ??= import('sortablejs').then((module) => module.default);
  return loading;
}

export const GROUP = 'newsletter-blocks';
/** On <html> while a block is dragged: the empty lists' drop zones stand out, the block toolbars step aside. */
export const DRAGGING_CLASS = 'nb-dragging';

/** A finished drag: where from and to (the lists' `data-list` keys, indexes among their blocks). */
export interface Drop {
  fromKey: string;
  toKey: string;
  oldIndex: number;
  newIndex: number;
  /** A palette drop: the block type (`data-type` of the dragged palette item). */
  paletteType?: string;
}

/**
 * Puts the DOM back as it was before SortableJS moved the dragged node, so React, which renders
 * from the document, stays the only one that moves nodes; the drop becomes a document change.
 */
function undoDomMove(event: SortableEvent, palette: boolean): void {
  const { from, to, item, clone, oldIndex } = event;
  if (palette) {
    // A palette drag leaves a copy in the palette and moves the original: swap them back.
    if (item.parentNode) item.parentNode.removeChild(item);
    if (clone.parentNode === from) from.replaceChild(item, clone);
    else from.insertBefore(item, from.children[oldIndex ?? 0] ?? null);
    return;
  }
  if (item.parentNode) item.parentNode.removeChild(item);
  from.insertBefore(item, from.children[oldIndex ?? 0] ?? null);
  void to;
}

/**
 * Makes the element a SortableJS list of the builder's one group: the palette (`palette`: its
 * items are copied out, nothing drops in) or a canvas list. Pointer events rather than native
 * drag and drop (forceFallback), so the same code serves mouse, pen and touch.
 */
export function useSortableList(ref: RefObject<HTMLElement | null>, onDrop: (drop: Drop) => void, palette = false): void {
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let sortable: Sortable | null = null;
    let cancelled = false;
    void loadSortable().then((SortableJs) => {
      if (cancelled) return;
      sortable = SortableJs.create(element, {
        group: palette ? { name: GROUP, pull: 'clone', put: false } : { name: GROUP, pull: true, put: true },
        sort: !palette,
        animation: 120,
        draggable: palette ? '.nb-palette-item' : '.nb-item',
        forceFallback: true,
        fallbackOnBody: true,
        fallbackTolerance: 4,
        swapThreshold: 0.65,
        emptyInsertThreshold: 24,
        invertSwap: true,
        // Controls and the text being written keep their own pointer use.
        filter: palette ? '' : 'button, input, select, textarea, label, a, [contenteditable="true"]',
        preventOnFilter: false,
        ghostClass: 'nb-ghost',
        chosenClass: 'nb-chosen',
        onStart() {
          document.documentElement.classList.add(DRAGGING_CLASS);
        },
        onEnd(event) {
          document.documentElement.classList.remove(DRAGGING_CLASS);
          const { from, to, oldIndex, newIndex } = event;
          const moved = to !== from || oldIndex !== newIndex;
          if (palette && to === from) return;
          if (!moved) return;
          undoDomMove(event, palette);
          if (oldIndex === undefined || newIndex === undefined) return;
          dropRef.current({
            fromKey: from.dataset.list ?? '',
            toKey: to.dataset.list ?? '',
            oldIndex,
            newIndex,
            ...(palette ? { paletteType: event.item.dataset.type ?? '' } : {}),
          });
        },
      });
      // Drags work from now on (before, the palette's click and the block buttons already do).
      element.dataset.sortable = 'ready';
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
      delete element.dataset.sortable;
    };
  }, [ref, palette]);
}
