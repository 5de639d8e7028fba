/**
 * The newsletter builder's screen (/newsletter/send/builder): the document with its undo history
 * (./document.ts), the selected block and tab, the stored build's id and name, the templates,
 * and the calls (save, new, load a template, preview, upload). Blocks are saved when one is added
 * (spec section 4); Save saves explicitly.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import { send } from '../../../../../lib/browser/send';
import { showToast } from '../../../../../lib/browser/toast';
import { GENERIC_FAILURE } from '../../../../../lib/browser/api-client';
import { builderApi } from '../../../builder-calls';
import {
  BLOCK_LABELS,
  BUILD_SAVED,
  COLUMN_IN_COLUMN,
  FRAME_SAVED,
  SECTION_DELETED,
  UNDO_DELETE_MS,
  type BlockSettings,
  type BlockType,
  type Build,
  type Frame,
  type FrameBlocks,
  type ProviderTemplateKey,
  type Region,
} from '../../../builder-rules';
import type { StoredBuild, Template } from '../../../builder-contract';
import {
  commit,
  createBlock,
  duplicateBlock,
  insertBlock,
  intoColumnTarget,
  locate,
  moveBlock,
  outOfColumnTarget,
  redo,
  removeBlock,
  restoreBlock,
  startHistory,
  stepTarget,
  undo,
  updateData,
  updateSettings,
  type History,
  type Outcome,
  type Position,
  type Removed,
} from './document';

export type BuilderTab = 'blocks' | 'style' | 'send';

export interface BuildMeta {
  id: number;
  name: string;
}

/** The school's header and footer around every email (as the server keeps them: sanitised): HTML, and blocks unless written as HTML. */
export type { Frame } from '../../../builder-rules';
/** What a save of the frame sends: its HTML (the advanced mode), or its blocks. */
export type FrameSave = { header: string; footer: string } | { blocks: FrameBlocks };

/** A document other than a build (the school's frame): the regions it edits, and whether adding a block saves it. */
export interface BuilderStoreOptions {
  /** The regions staff edit, in order (the keyboard's moves stay in them); all three by default. */
  regions?: readonly Region[];
  /** Spec section 4: a build is saved when a block is added. Off for a document saved by its own button. */
  saveOnAdd?: boolean;
}

/**
 * Beside Save: 'dirty' after any change since the build was loaded or saved (typing counts),
 * 'saved' once a save has caught up with every change, 'clean' while nothing changed since loading.
 */
export type SaveState = 'clean' | 'dirty' | 'saved';

/** A block the palette just added (click, Enter or a drop): the canvas scrolls to it and focuses it. */
export interface Added {
  id: string;
}

export interface Rendered {
  html: string;
  bytes: number;
}

export interface BuilderStore {
  $history: ReadableAtom<History>;
  $build: ReadableAtom<Build>;
  $selected: WritableAtom<string | null>;
  $tab: WritableAtom<BuilderTab>;
  $meta: ReadableAtom<BuildMeta>;
  $templates: ReadableAtom<readonly Template[]>;
  $frame: ReadableAtom<Frame>;
  $busy: ReadableAtom<boolean>;
  /** What screen readers hear after an add, move, delete or restore (a repeat still changes the text, so it is heard). */
  $announcement: ReadableAtom<string>;
  $saveState: ReadableAtom<SaveState>;
  /** The palette's latest block (a new object each time, so adding the same type twice is seen). */
  $added: ReadableAtom<Added | null>;
  /** Changes nobody saved (a text being typed counts): leaving, New and templates ask first. */
  isDirty(): boolean;
  /** A text block is being typed in (its HTML reaches the document when it loses focus). */
  markTyping(): void;
  select(id: string | null): void;
  /** A palette block at a place (a drop), or at the end of the body (click); saved at once. */
  add(type: BlockType, at?: Position): Promise<void>;
  move(from: Position, to: Position): boolean;
  step(id: string, delta: -1 | 1): void;
  intoColumn(id: string): void;
  outOfColumn(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
  restore(removed: Removed): void;
  setSettings(id: string, patch: Partial<BlockSettings>): void;
  setData(id: string, patch: Record<string, string>): void;
  undo(): void;
  redo(): void;
  save(options?: { quiet?: boolean }): Promise<boolean>;
  /** A new build: the starter document, or a copy of a provider template (the school's own from then on). */
  newBuild(name: string, provider?: ProviderTemplateKey): Promise<boolean>;
  loadTemplate(id: number): Promise<boolean>;
  render(): Promise<Rendered | null>;
  upload(file: File): Promise<{ url: string; text: string } | null>;
  /** Saves the school's header and footer (every build's); the canvas then shows what the server kept. */
  saveFrame(frame: FrameSave): Promise<boolean>;
}

function describe(build: Build, id: string): string {
  const found = locate(build, id);
  return found ? `${BLOCK_LABELS[found.block.type]} block` : 'Block';
}

export function createBuilderStore(init: { stored: StoredBuild; templates: readonly Template[]; frame: Frame }, options: BuilderStoreOptions = {}): BuilderStore {
  const { regions, saveOnAdd = true } = options;
  const $history = atom<History>(startHistory(init.stored.build));
  const $build = computed($history, (h) => h.present);
  const $selected = atom<string | null>(null);
  const $tab = atom<BuilderTab>('blocks');
  const $meta = atom<BuildMeta>({ id: init.stored.id, name: init.stored.name });
  const $templates = atom<readonly Template[]>(init.templates);
  const $frame = atom<Frame>(init.frame);
  const $busy = atom(false);
  const $announcement = atom('');
  const $added = atom<Added | null>(null);
  // The document as last saved (by reference: an undo back to it is clean again).
  const $saved = atom<Build>(init.stored.build);
  const $typing = atom(false);
  const $savedOnce = atom(false);
  // Keystrokes counted, so a save clears the typing mark only when nobody typed while it was away.
  let keystrokes = 0;
  const $saveState = computed([$build, $saved, $typing, $savedOnce], (build, saved, typing, savedOnce): SaveState => {
    if (typing || build !== saved) return 'dirty';
    return savedOnce ? 'saved' : 'clean';
  });
  // A live region reads a change of text: the same words twice in a row differ by a trailing no-break space.
  const announce = (text: string) => {
    const previous = $announcement.get();
    $announcement.set(previous === text ? `${text}\u00a0` : text);
  };

  const apply = (outcome: Outcome, message?: string): boolean => {
    if (!outcome.ok) {
      void showToast(outcome.error, { type: 'error' });
      announce(outcome.error);
      return false;
    }
    $history.set(commit($history.get(), outcome.build));
    if (message) announce(message);
    return true;
  };
  const change = (build: Build) => $history.set(commit($history.get(), build));
  const replaceDocument = (stored: StoredBuild) => {
    $history.set(startHistory(stored.build));
    $saved.set(stored.build);
    $typing.set(false);
    $savedOnce.set(false);
    $meta.set({ id: stored.id, name: stored.name });
    $selected.set(null);
    $tab.set('blocks');
  };
  // A selection whose block has gone (undo, delete) is no selection.
  $history.listen((h) => {
    const id = $selected.get();
    if (id && !locate(h.present, id)) $selected.set(null);
  });

  const moveTo = (target: { from: Position; to: Position } | null, id: string, how: string) => {
    if (!target) return;
    if (apply(moveBlock($build.get(), target.from, target.to))) announce(`${describe($build.get(), id)} ${how}.`);
  };

  const store: BuilderStore = {
    $history,
    $build,
    $selected,
    $tab,
    $meta,
    $templates,
    $frame,
    $busy,
    $announcement,
    $saveState,
    $added,
    isDirty: () => $saveState.get() === 'dirty',
    markTyping() {
      keystrokes += 1;
      if (!$typing.get()) $typing.set(true);
    },
    select(id) {
      $selected.set(id);
      if (id) $tab.set('style');
    },
    async add(type, at = { list: { region: 'body' }, index: Number.MAX_SAFE_INTEGER }) {
      const block = createBlock(type);
      if (!apply(insertBlock($build.get(), at, block), `${BLOCK_LABELS[type]} block added.`)) return;
      $selected.set(block.id);
      $added.set({ id: block.id });
      if (saveOnAdd) await store.save({ quiet: true });
    },
    move(from, to) {
      return apply(moveBlock($build.get(), from, to), 'Block moved.');
    },
    step(id, delta) {
      moveTo(stepTarget($build.get(), id, delta, regions), id, delta < 0 ? 'moved up' : 'moved down');
    },
    intoColumn(id) {
      if (locate($build.get(), id)?.block.type === 'columns') {
        apply({ ok: false, error: COLUMN_IN_COLUMN });
        return;
      }
      moveTo(intoColumnTarget($build.get(), id), id, 'moved into the column');
    },
    outOfColumn(id) {
      moveTo(outOfColumnTarget($build.get(), id), id, 'moved out of the column');
    },
    duplicate(id) {
      const done = duplicateBlock($build.get(), id);
      if (!done) return;
      change(done.build);
      $selected.set(done.id);
      announce(`${describe(done.build, id)} duplicated.`);
    },
    remove(id) {
      const done = removeBlock($build.get(), id);
      if (!done) return;
      change(done.build);
      announce(`${BLOCK_LABELS[done.removed.block.type]} block deleted.`);
      void showToast(SECTION_DELETED, {
        duration: UNDO_DELETE_MS,
        onClick: () => store.restore(done.removed),
      });
    },
    restore(removed) {
      if (apply(restoreBlock($build.get(), removed), 'Block restored.')) $selected.set(removed.block.id);
    },
    setSettings(id, patch) {
      change(updateSettings($build.get(), id, patch));
    },
    setData(id, patch) {
      $typing.set(false);
      change(updateData($build.get(), id, patch));
    },
    undo() {
      $history.set(undo($history.get()));
    },
    redo() {
      $history.set(redo($history.get()));
    },
    async save({ quiet = false } = {}) {
      const build = $build.get();
      const { id } = $meta.get();
      const typedBefore = keystrokes;
      $busy.set(true);
      try {
        // The server's reason (an address it refuses, a limit) is what the user can act on.
        const res = await send(
          builderApi.builderSave,
          { body: { id, build } },
          {
            onFailure: (failure) =>
              void showToast(failure.message ?? GENERIC_FAILURE, {
                type: 'error',
              }),
          },
        );
        if (!res) return false;
        // A change made while the call was away stays unsaved.
        if ($meta.get().id === id) {
          $saved.set(build);
          $savedOnce.set(true);
          // A text commits when it loses focus, before Save's click: its words are in `build`.
          if (keystrokes === typedBefore) $typing.set(false);
        }
        if (!quiet) void showToast(BUILD_SAVED, { type: 'success' });
        return true;
      } finally {
        $busy.set(false);
      }
    },
    async newBuild(name, provider) {
      $busy.set(true);
      try {
        const res = await send(builderApi.builderNew, { body: provider ? { name, provider } : { name } });
        if (!res) return false;
        replaceDocument(res.build);
        $templates.set([{ id: res.build.id, name: res.build.name }, ...$templates.get().filter((t) => t.id !== res.build.id)]);
        announce(`New newsletter “${res.build.name}” started.`);
        return true;
      } finally {
        $busy.set(false);
      }
    },
    async loadTemplate(templateId) {
      $busy.set(true);
      try {
        const res = await send(builderApi.builderLoadTemplate, {
          params: { templateId },
        });
        if (!res) return false;
        replaceDocument(res.build);
        announce(`“${res.build.name}” loaded.`);
        return true;
      } finally {
        $busy.set(false);
      }
    },
    async render() {
      const res = await send(builderApi.builderRender, {
        body: { build: $build.get() },
      });
      return res ? { html: res.html, bytes: res.bytes } : null;
    },
    async upload(file) {
      const res = await send(
        builderApi.builderUpload,
        { form: { 'section-image-file': file } },
        {
          onFailure: (failure) =>
            void showToast(failure.message ?? GENERIC_FAILURE, {
              type: 'error',
            }),
        },
      );
      return res ? { url: res.url, text: res.text } : null;
    },
    async saveFrame(frame) {
      $busy.set(true);
      try {
        const res = await send(builderApi.builderSaveFrame, { body: frame }, { onFailure: (failure) => void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' }) });
        if (!res) return false;
        $frame.set({ header: res.header, footer: res.footer, blocks: res.blocks });
        void showToast(FRAME_SAVED, { type: 'success' });
        return true;
      } finally {
        $busy.set(false);
      }
    },
  };
  return store;
}
