import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { BLOCK_LABELS, FRAME_REGIONS, REGION_LABELS, type BlockType, type Region } from '../../../../builder-rules';
import type { BuilderStore } from '../../../stores/builder/builder';
import { intoColumnTarget, locate, outOfColumnTarget, stepTarget } from '../../../stores/builder/document';
import { applyDrop, BlockList } from '../BlockView';
import { StylePanel } from '../StylePanel';
import { useSortableList } from '../useSortableList';

/** What a header or footer is made of: a logo, text with links, lines, space, columns (a file to download is a newsletter's). */
const FRAME_BLOCK_TYPES: readonly BlockType[] = ['image', 'text', 'divider', 'spacer', 'columns'];
const HINTS: Partial<Record<BlockType, string>> = {
  image: 'Your logo, or a banner',
  text: 'Your name, address, links',
  divider: 'A line across',
  spacer: 'Empty space',
  columns: 'Logo beside the name',
};
const TABS = [
  { id: 'blocks', label: 'Add blocks' },
  { id: 'style', label: 'Style' },
] as const;

/**
 * The header and footer built with the builder's own blocks: a palette (drag a block in, or
 * press it to add it to the chosen list), the Style tab for the selected block, and the two lists
 * around a stand-in for the newsletter. Every block works as in the builder (text written in
 * place with its toolbar, images uploaded, moves, duplicate, delete).
 */
export function FrameBlocksEditor({ store }: { store: BuilderStore }) {
  const id = useId();
  const history = useStore(store.$history);
  const build = history.present;
  const selectedId = useStore(store.$selected);
  const tab = useStore(store.$tab);
  const [target, setTarget] = useState<Region>('header');
  const palette = useRef<HTMLUListElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; action: string } | null>(null);
  useSortableList(palette, (drop) => applyDrop(store, drop), true);

  // After a block's button moved or deleted it, focus stays on that button (or the canvas).
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    const block = canvas.current?.querySelector(`[data-block-id="${CSS.escape(focusTarget.id)}"]`);
    const button = block?.querySelector<HTMLButtonElement>(`:scope > .nb-block-bar [data-action="${focusTarget.action}"]:not([disabled])`);
    (button ?? canvas.current)?.focus();
  }, [focusTarget, build]);

  const onAction = useCallback((blockId: string, action: string) => {
    if (action !== 'style') setFocusTarget({ id: action === 'delete' ? '' : blockId, action });
  }, []);
  const canOf = useCallback(
    (blockId: string) => ({
      up: stepTarget(build, blockId, -1, FRAME_REGIONS) !== null,
      down: stepTarget(build, blockId, 1, FRAME_REGIONS) !== null,
      into: intoColumnTarget(build, blockId) !== null || locate(build, blockId)?.block.type === 'columns',
      out: outOfColumnTarget(build, blockId) !== null,
    }),
    [build],
  );
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'style' ? 'blocks' : 'style';
    store.$tab.set(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  const selected = selectedId ? (locate(build, selectedId)?.block ?? null) : null;
  const current = tab === 'style' ? 'style' : 'blocks';

  return (
    <div className="nb-frame-editor">
      <div className="nb-frame-side card">
        <div className="card-header">
          <div className="nav nav-tabs card-header-tabs" role="tablist" aria-label="Header and footer blocks" onKeyDown={onTabKey}>
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`${id}-tab-${t.id}`}
                className={`nav-link${current === t.id ? ' active' : ''}`}
                aria-selected={current === t.id}
                aria-controls={`${id}-panel-${t.id}`}
                tabIndex={current === t.id ? 0 : -1}
                onClick={() => store.$tab.set(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>
        <div className="card-body" role="tabpanel" id={`${id}-panel-blocks`} aria-labelledby={`${id}-tab-blocks`} hidden={current !== 'blocks'}>
          <div className="mb-2">
            <label className="form-label" htmlFor={`${id}-target`}>
              Add to
            </label>
            <select id={`${id}-target`} className="form-select form-select-sm" value={target} onChange={(event) => setTarget(event.currentTarget.value === 'footer' ? 'footer' : 'header')}>
              {FRAME_REGIONS.map((region) => (
                <option key={region} value={region}>
                  {REGION_LABELS[region]}
                </option>
              ))}
            </select>
          </div>
          <p className="text-secondary mb-2" id={`${id}-palette-help`}>
            Drag a block into the header or footer, or press it to add it at the end of the {REGION_LABELS[target].toLowerCase()}.
          </p>
          <ul ref={palette} className="nb-palette" aria-describedby={`${id}-palette-help`}>
            {FRAME_BLOCK_TYPES.map((type) => (
              <li key={type} className="nb-palette-item" data-type={type}>
                <button type="button" className="nb-palette-button" onClick={() => void store.add(type, { list: { region: target }, index: Number.MAX_SAFE_INTEGER })}>
                  <strong>{BLOCK_LABELS[type]}</strong>
                  <span className="text-secondary">{HINTS[type]}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="card-body" role="tabpanel" id={`${id}-panel-style`} aria-labelledby={`${id}-tab-style`} hidden={current !== 'style'}>
          <StylePanel store={store} block={selected} />
        </div>
      </div>

      <div className="nb-frame-canvas-scroll">
        <div className="nb-canvas nb-frame-canvas" ref={canvas} tabIndex={-1} role="region" aria-label="Header and footer">
          {FRAME_REGIONS.map((region) => (
            <section key={region} className="nb-region" aria-labelledby={`${id}-region-${region}`}>
              <h3 className="nb-region-label" id={`${id}-region-${region}`}>
                {REGION_LABELS[region]}
              </h3>
              <BlockList
                list={{ region }}
                blocks={build[region === 'header' ? 0 : 2]}
                label={REGION_LABELS[region]}
                store={store}
                selectedId={selectedId}
                onAction={onAction}
                canOf={canOf}
              />
              {region === 'header' ? (
                <p className="nb-frame-newsletter" aria-hidden="true">
                  Each newsletter’s content goes here
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
