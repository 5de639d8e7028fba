import { useId, useState } from 'react';
import './ui.css';
import type { Category } from '../../modules/website';

export interface CategoryPickerProps {
  /** The school's categories, in the list's order. */
  categories: readonly Category[];
  ticked: ReadonlySet<number>;
  onToggle: (id: number, ticked: boolean) => void;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * What each category is called in the picker: its name, and for a name two categories share (the
 * demo school has two 'Foo A') its id too, so the right one can be told and ticked.
 */
export function categoryLabels(categories: readonly Category[]): Map<number, string> {
  const uses = new Map<string, number>();
  for (const category of categories) uses.set(key(category.name), (uses.get(key(category.name)) ?? 0) + 1);
  return new Map(categories.map((c) => [c.id, (uses.get(key(c.name)) ?? 0) > 1 ? `${c.name} (id ${c.id})` : c.name]));
}

/** The categories whose label holds every word of `filter` (any case); all of them for an empty filter. */
export function filterCategories(categories: readonly Category[], labels: ReadonlyMap<number, string>, filter: string): Category[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories.filter((c) => {
    const label = (labels.get(c.id) ?? c.name).toLowerCase();
    return words.every((word) => label.includes(word));
  });
}

/**
 * The post editor's categories (inside its 'Category' fieldset): the ticked ones as chips that
 * remove themselves, a filter box that narrows the checkbox list as one types, and a live count
 * ('Showing 5 of 68 categories') so a screen reader hears what the filter left.
 */
export function CategoryPicker({ categories, ticked, onToggle }: CategoryPickerProps) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const labels = categoryLabels(categories);
  const shown = filterCategories(categories, labels, filter);
  const chosen = categories.filter((c) => ticked.has(c.id));
  const noun = categories.length === 1 ? 'category' : 'categories';
  return (
    <div className="category-picker">
      <ul className="picker-chips" aria-label="Ticked categories">
        {chosen.length === 0 ? (
          <li className="text-secondary">No category ticked.</li>
        ) : (
          chosen.map((c) => (
            <li key={c.id} className="picker-chip">
              <span>{labels.get(c.id)}</span>
              <button type="button" className="btn-close" aria-label={`Remove ${labels.get(c.id) ?? c.name}`} onClick={() => onToggle(c.id, false)} />
            </li>
          ))
        )}
      </ul>
      <div className="picker-filter">
        <label className="form-label m-0" htmlFor={filterId}>
          Filter categories
        </label>
        <input
          id={filterId}
          className="form-control"
          type="search"
          autoComplete="off"
          placeholder="Type to narrow the list…"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          // Enter in the filter must not submit the editor's form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      <p className="picker-count text-secondary m-0" role="status" aria-live="polite">
        {shown.length === categories.length ? `Showing all ${categories.length} ${noun}` : `Showing ${shown.length} of ${categories.length} ${noun}`}
      </p>
      <div className="editor-category-list picker-list">
        {shown.length === 0 ? (
          <p className="text-secondary m-0">No category matches “{filter.trim()}”.</p>
        ) : (
          shown.map((c) => (
            <label key={c.id} className="form-check">
              <input className="form-check-input" type="checkbox" checked={ticked.has(c.id)} onChange={(event) => onToggle(c.id, event.currentTarget.checked)} />
              <span className="form-check-label">{labels.get(c.id)}</span>
            </label>
          ))
        )}
      </div>
    </div>
  );
}
