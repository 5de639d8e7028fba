import { useRef } from 'react';
import { BLOCK_TYPES, type Block, type BlockType } from '../../../contracts/newsletter-builder-rules';
import type { BuilderStore } from '../../../stores/newsletter/builder/builder';
import { listKey, parseListKey, type ListRef } from '../../../stores/newsletter/builder/document';
import { BlockView, type BlockViewProps } from './BlockView';
import { useSortableList, type Drop } from './useSortableList';

export interface BlockListProps {
  list: ListRef;
  blocks: readonly Block[];
  /** The list's name for screen readers ('Body', 'Left column'). */
  label: string;
  store: BuilderStore;
  selectedId: string | null;
  onAction: BlockViewProps['onAction'];
  canOf: BlockViewProps['canOf'];
}

/** A drop on a canvas list, as a document change (a palette block added, or a block moved). */
export function applyDrop(store: BuilderStore, drop: Drop): void {
  const from = parseListKey(drop.fromKey);
  const to = parseListKey(drop.toKey);
  if (!to) return;
  if (drop.paletteType !== undefined) {
    if ((BLOCK_TYPES as readonly string[]).includes(drop.paletteType))
      void store.add(drop.paletteType as BlockType, {
        list: to,
        index: drop.newIndex,
      });
    return;
  }
  if (from) store.move({ list: from, index: drop.oldIndex }, { list: to, index: drop.newIndex });
}

/** One of the canvas' lists (a region or a column cell): a SortableJS list of its blocks. */
export function BlockList({ list, blocks, label, store, selectedId, onAction, canOf }: BlockListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useSortableList(ref, (drop) => applyDrop(store, drop));
  return (
    <div
      ref={ref}
      className={`nb-list${'columnsId' in list ? ' nb-list-cell' : ''}`}
      data-list={listKey(list)}
      role="list"
      aria-label={label}
      data-empty-text="Drag blocks here"
    >
      {blocks.map((block) => (
        <div key={block.id} role="listitem" className="nb-item">
          <BlockView block={block} store={store} selectedId={selectedId} can={canOf(block.id)} onAction={onAction} canOf={canOf} />
        </div>
      ))}
    </div>
  );
}
