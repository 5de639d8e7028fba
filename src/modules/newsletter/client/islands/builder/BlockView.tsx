import { useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { ATTACHMENT_PLACEHOLDER, BLOCK_LABELS, BLOCK_TYPES, type Block, type BlockType } from '../../../builder-rules';
import type { BuilderStore } from '../../stores/builder/builder';
import { boxStyle, columnsStyle, dividerStyle, imageStyle } from './block-style';
import { listKey, parseListKey, type ListRef } from '../../stores/builder/document';
import { useSortableList, type Drop } from './useSortableList';
import { Icon } from './icons';
import { TextEditable } from './TextEditable';

export interface BlockViewProps {
  block: Block;
  store: BuilderStore;
  selectedId: string | null;
  /** Whether the keyboard moves can go that way (the ends of the email, a cell's edges). */
  can: { up: boolean; down: boolean; into: boolean; out: boolean };
  /** Where keyboard focus should go after a block action (the block's id and the action). */
  onAction: (id: string, action: string) => void;
  canOf: (id: string) => BlockViewProps['can'];
}

function UploadButton({ label, accept, onFile }: { label: string; accept?: string; onFile: (file: File) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await onFile(file);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  return (
    <label className={`btn btn-sm nb-upload${busy ? ' disabled' : ''}`}>
      <input type="file" className="visually-hidden" accept={accept} disabled={busy} onChange={(event) => void pick(event)} />
      {busy ? 'Uploading…' : label}
    </label>
  );
}

/** A button of a block's toolbar; `action` names it for the focus that returns to it after the action. */
function BarButton({
  action,
  label,
  danger = false,
  disabled,
  pressed,
  onClick,
  children,
}: {
  action: string;
  /** The accessible name, when the button shows an icon. */
  label?: string;
  danger?: boolean;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${danger ? 'btn-ghost-danger' : 'btn-ghost-secondary'}`}
      data-action={action}
      disabled={disabled}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** One block on the canvas: its toolbar (drag handle, moves, duplicate, delete) and an editable likeness. */
export function BlockView({ block, store, selectedId, can, onAction, canOf }: BlockViewProps) {
  const selected = selectedId === block.id;
  const label = `${BLOCK_LABELS[block.type]} block`;
  const act = (action: string, run: () => void) => () => {
    run();
    onAction(block.id, action);
  };
  const select = (event: MouseEvent) => {
    // A click inside a nested block selects that one only.
    event.stopPropagation();
    // The block's own buttons act on it without selecting it (Delete would select a block that is gone).
    if (event.target instanceof Element && event.target.closest('.nb-block-bar, .nb-upload')) return;
    if (!selected) store.select(block.id);
  };

  return (
    <div
      className={`nb-block nb-block-${block.type}${selected ? ' is-selected' : ''}`}
      data-block-id={block.id}
      data-type={block.type}
      role="group"
      aria-label={label}
      // Focusable by code only: a block the palette adds takes the focus (workspace/useRevealAdded).
      tabIndex={-1}
      onClick={select}
    >
      <div className="nb-block-bar" role="toolbar" aria-label={`${label} actions`}>
        <span className="nb-handle" aria-hidden="true" title="Drag to move">
          ⠿
        </span>
        <span className="nb-block-name">{BLOCK_LABELS[block.type]}</span>
        <BarButton action="style" pressed={selected} onClick={act('style', () => store.select(block.id))}>
          Style
        </BarButton>
        <BarButton action="up" label={`Move ${label} up`} disabled={!can.up} onClick={act('up', () => store.step(block.id, -1))}>
          <Icon name="up" />
        </BarButton>
        <BarButton action="down" label={`Move ${label} down`} disabled={!can.down} onClick={act('down', () => store.step(block.id, 1))}>
          <Icon name="down" />
        </BarButton>
        {can.out ? (
          <BarButton action="out" onClick={act('out', () => store.outOfColumn(block.id))}>
            Out of column
          </BarButton>
        ) : (
          <BarButton action="into" disabled={!can.into} onClick={act('into', () => store.intoColumn(block.id))}>
            Into column
          </BarButton>
        )}
        <BarButton action="duplicate" label={`Duplicate ${label}`} onClick={act('duplicate', () => store.duplicate(block.id))}>
          <Icon name="duplicate" />
        </BarButton>
        <BarButton action="delete" label={`Delete ${label}`} danger onClick={act('delete', () => store.remove(block.id))}>
          <Icon name="delete" />
        </BarButton>
      </div>
      <div className="nb-block-box" style={boxStyle(block)}>
        {block.type === 'text' ? (
          <TextEditable html={block.data.html} selected={selected} onTyping={() => store.markTyping()} onCommit={(html) => store.setData(block.id, { html })} />
        ) : null}
        {block.type === 'image' ? (
          <div className="nb-image">
            {block.data.url ? (
              <img src={block.data.url} alt={block.data.alt} style={imageStyle(block.settings)} draggable={false} />
            ) : (
              <div
                className="nb-placeholder nb-image-placeholder"
                style={{
                  height: block.settings.height > 0 ? `${block.settings.height}px` : undefined,
                }}
              >
                No image yet
              </div>
            )}
            <UploadButton
              label={block.data.url ? 'Replace image' : 'Upload image'}
              accept="image/*"
              onFile={async (file) => {
                const res = await store.upload(file);
                if (res) store.setData(block.id, { url: res.url });
              }}
            />
          </div>
        ) : null}
        {block.type === 'attachment' ? (
          <div className="nb-attachment">
            {block.data.url ? (
              <span className="nb-attachment-name">📎 {block.data.text || block.data.url}</span>
            ) : (
              <span className="nb-placeholder">{ATTACHMENT_PLACEHOLDER}</span>
            )}
            <UploadButton
              label={block.data.url ? 'Replace file' : 'Upload a file'}
              onFile={async (file) => {
                const res = await store.upload(file);
                if (res) store.setData(block.id, { url: res.url, text: res.text });
              }}
            />
          </div>
        ) : null}
        {block.type === 'divider' ? <hr className="nb-divider" style={dividerStyle(block.settings)} /> : null}
        {block.type === 'spacer' ? <div className="nb-spacer" style={{ height: `${block.settings.height}px` }} /> : null}
        {block.type === 'columns' ? (
          <div className="nb-columns" style={columnsStyle(block.settings).grid}>
            {([0, 1] as const).map((cell) => (
              <div key={cell} className="nb-cell" style={columnsStyle(block.settings).cell(cell)}>
                <BlockList
                  list={{ columnsId: block.id, cell }}
                  blocks={block.data.elements[cell]}
                  label={`${cell === 0 ? 'Left' : 'Right'} column`}
                  store={store}
                  selectedId={selectedId}
                  onAction={onAction}
                  canOf={canOf}
                />
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/* A column holds lists of blocks, and a list holds blocks: the two components recurse, so they share this file. */
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
      data-empty-text="Drop a block here"
    >
      {blocks.map((block) => (
        <div key={block.id} role="listitem" className="nb-item">
          <BlockView block={block} store={store} selectedId={selectedId} can={canOf(block.id)} onAction={onAction} canOf={canOf} />
        </div>
      ))}
    </div>
  );
}
