import { useRef } from 'react';
import { BLOCK_LABELS, BLOCK_TYPES } from '../../../builder-rules';
import type { BuilderStore } from '../../stores/builder/builder';
import { applyDrop } from './BlockView';
import { useSortableList } from './useSortableList';

const HINTS: Record<(typeof BLOCK_TYPES)[number], string> = {
  text: 'Headings and paragraphs',
  image: 'A picture, with alt text',
  divider: 'A line across',
  spacer: 'Empty space',
  attachment: 'A file to download',
  columns: 'Two columns side by side',
};

/** '1 Blocks': the six block types. Drag one onto the canvas, or press it to add it at the end of the body. */
export function Palette({ store }: { store: BuilderStore }) {
  const ref = useRef<HTMLUListElement>(null);
  useSortableList(ref, (drop) => applyDrop(store, drop), true);
  return (
    <>
      <p className="text-secondary mb-2" id="nb-palette-help">
        Drag a block onto the email, or press it to add it at the end of the body.
      </p>
      <ul ref={ref} className="nb-palette" aria-describedby="nb-palette-help">
        {BLOCK_TYPES.map((type) => (
          <li key={type} className="nb-palette-item" data-type={type}>
            <button type="button" className="nb-palette-button" onClick={() => void store.add(type)}>
              <strong>{BLOCK_LABELS[type]}</strong>
              <span className="text-secondary">{HINTS[type]}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
