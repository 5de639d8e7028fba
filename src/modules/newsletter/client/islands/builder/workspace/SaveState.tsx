import { useStore } from '@nanostores/react';
import type { BuilderStore, SaveState as State } from '../../../stores/builder/builder';

export const SAVE_STATE_TEXT: Record<State, string> = {
  clean: '',
  dirty: 'Unsaved changes',
  saved: 'All changes saved',
};

/**
 * Beside Save: "Unsaved changes" after any edit since the build was loaded or saved, "All changes
 * saved" once a save caught up. Not a live region: the Save button is described by it, and adding
 * a block (which saves) would otherwise be heard three times over, beside "<Type> block added.".
 */
export function SaveState({ store, id }: { store: BuilderStore; id: string }) {
  const state = useStore(store.$saveState);
  return (
    <span id={id} className={`nb-save-state is-${state}`} data-state={state}>
      {SAVE_STATE_TEXT[state]}
    </span>
  );
}
