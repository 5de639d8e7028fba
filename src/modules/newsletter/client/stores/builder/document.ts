/**
 * The newsletter builder's document operations, framework-free and pure: each takes a Build and
 * returns a new one (the old one is never changed, so the undo history can keep every step by
 * reference). Positions name a list and an index in it: one of the three regions, or one cell of
 * a columns block (found by the block's id, unique within the build).
 */
import {
  COLUMN_IN_COLUMN,
  REGIONS,
  defaultSettings,
  type Block,
  type BlockSettings,
  type BlockType,
  type Build,
  type CellBlock,
  type ColumnsBlock,
  type Region,
} from '../../../builder-rules';

/** A list of the build: a region, or cell 0/1 of the columns block `columnsId`. */
export type ListRef = { region: Region } | { columnsId: string; cell: 0 | 1 };
export interface Position {
  list: ListRef;
  index: number;
}

/** An operation's answer: the new build, or why nothing changed (a text for the user). */
export type Outcome = { ok: true; build: Build } | { ok: false; error: string };

/** What a delete took away, for restoring it where it was. */
export interface Removed {
  block: Block;
  at: Position;
  /** The region the block (or its columns block) was in: where it goes back when its columns block is gone. */
  region: Region;
}

const REGION_INDEX: Record<Region, 0 | 1 | 2> = {
  header: 0,
  body: 1,
  footer: 2,
};

export function sameList(a: ListRef, b: ListRef): boolean {
  if ('region' in a) return 'region' in b && a.region === b.region;
  return 'columnsId' in b && a.columnsId === b.columnsId && a.cell === b.cell;
}

/** A list key for the DOM (`data-list`) and back: 'header', 'body', 'footer' or 'cell:<id>:<0|1>'. */
export function listKey(list: ListRef): string {
  return 'region' in list ? list.region : `cell:${list.columnsId}:${list.cell}`;
}
export function parseListKey(key: string): ListRef | null {
  if ((REGIONS as readonly string[]).includes(key)) return { region: key as Region };
  const match = /^cell:(.+):([01])$/.exec(key);
  return match ? { columnsId: match[1]!, cell: match[2] === '1' ? 1 : 0 } : null;
}

function findColumns(build: Build, id: string): { block: ColumnsBlock; region: Region; index: number } | null {
  for (const region of REGIONS) {
    const list = build[REGION_INDEX[region]];
    const index = list.findIndex((b) => b.id === id);
    const block = list[index];
    if (block?.type === 'columns') return { block, region, index };
  }
  return null;
}

/** The blocks of a list (null when its columns block is gone). */
export function listOf(build: Build, list: ListRef): readonly Block[] | null {
  if ('region' in list) return build[REGION_INDEX[list.region]];
  return findColumns(build, list.columnsId)?.block.data.elements[list.cell] ?? null;
}

/** Where a block is: its position, the block, and the region it (or its columns block) is in. */
export function locate(build: Build, id: string): { block: Block; at: Position; region: Region } | null {
  for (const region of REGIONS) {
    const list = build[REGION_INDEX[region]];
    for (const [index, block] of list.entries()) {
      if (block.id === id) return { block, at: { list: { region }, index }, region };
      if (block.type !== 'columns') continue;
      for (const cell of [0, 1] as const) {
        const inCell = block.data.elements[cell].findIndex((b) => b.id === id);
        if (inCell >= 0)
          return {
            block: block.data.elements[cell][inCell]!,
            at: { list: { columnsId: block.id, cell }, index: inCell },
            region,
          };
      }
    }
  }
  return null;
}

/** The build with one list replaced (a new columns block and region list when it is a cell). */
function withList(build: Build, list: ListRef, blocks: Block[]): Build {
  const next: Build = [build[0], build[1], build[2]];
  if ('region' in list) {
    next[REGION_INDEX[list.region]] = blocks;
    return next;
  }
  const found = findColumns(build, list.columnsId);
  if (!found) return build;
  const elements: [CellBlock[], CellBlock[]] = [...found.block.data.elements];
  elements[list.cell] = blocks as CellBlock[];
  const columns: ColumnsBlock = {
    ...found.block,
    data: { ...found.block.data, elements },
  };
  const region = [...next[REGION_INDEX[found.region]]];
  region[found.index] = columns;
  next[REGION_INDEX[found.region]] = region;
  return next;
}

function clamp(index: number, length: number): number {
  return Math.max(0, Math.min(index, length));
}

/** Puts `block` at `at` (the index clamped to the list); a columns block cannot go into a cell. */
export function insertBlock(build: Build, at: Position, block: Block): Outcome {
  if ('columnsId' in at.list && block.type === 'columns') return { ok: false, error: COLUMN_IN_COLUMN };
  const list = listOf(build, at.list);
  if (!list) return { ok: false, error: 'That place no longer exists.' };
  const blocks = [...list];
  blocks.splice(clamp(at.index, blocks.length), 0, block);
  return { ok: true, build: withList(build, at.list, blocks) };
}

/** Takes a block out; null when there is no such block. */
export function removeBlock(build: Build, id: string): { build: Build; removed: Removed } | null {
  const found = locate(build, id);
  if (!found) return null;
  const blocks = [...(listOf(build, found.at.list) ?? [])];
  blocks.splice(found.at.index, 1);
  return {
    build: withList(build, found.at.list, blocks),
    removed: { block: found.block, at: found.at, region: found.region },
  };
}

/**
 * Moves the block at `from` to `to`, where `to.index` counts in the list as it is after the block
 * has left (SortableJS' newIndex). Refused, with nothing moved, for a columns block into a cell
 * (its own included).
 */
export function moveBlock(build: Build, from: Position, to: Position): Outcome {
  const block = listOf(build, from.list)?.[from.index];
  if (!block) return { ok: false, error: 'That block no longer exists.' };
  if ('columnsId' in to.list && block.type === 'columns') return { ok: false, error: COLUMN_IN_COLUMN };
  const taken = removeBlock(build, block.id);
  if (!taken) return { ok: false, error: 'That block no longer exists.' };
  return insertBlock(taken.build, to, block);
}

/** Puts a deleted block back where it was; when its columns block has gone, into that block's region, at the end. */
export function restoreBlock(build: Build, removed: Removed): Outcome {
  if (locate(build, removed.block.id)) return { ok: false, error: 'That block is already there.' };
  const at = listOf(build, removed.at.list) ? removed.at : { list: { region: removed.region }, index: Number.MAX_SAFE_INTEGER };
  return insertBlock(build, at, removed.block);
}

/** Ids for new blocks: random, in the contract's alphabet. */
export function newBlockId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/** A new block of a type, as the palette drops it. */
export function createBlock(type: BlockType, makeId: () => string = newBlockId): Block {
  const settings = defaultSettings(type);
  switch (type) {
    case 'text':
      return {
        id: makeId(),
        type,
        data: { html: '<p>Write something here.</p>' },
        settings,
      };
    case 'image':
      return {
        id: makeId(),
        type,
        data: { url: '', alt: '', href: '' },
        settings,
      };
    case 'attachment':
      return { id: makeId(), type, data: { url: '', text: '' }, settings };
    case 'columns':
      return { id: makeId(), type, data: { elements: [[], []] }, settings };
    default:
      return { id: makeId(), type, data: {}, settings };
  }
}

function copyWithNewIds(block: Block, makeId: () => string): Block {
  const copy = structuredClone(block);
  copy.id = makeId();
  if (copy.type === 'columns') {
    for (const cell of copy.data.elements) for (const inner of cell) inner.id = makeId();
  }
  return copy;
}

/** A copy of the block (cells included, every id new) right after it; the copy's id comes back too. */
export function duplicateBlock(build: Build, id: string, makeId: () => string = newBlockId): { build: Build; id: string } | null {
  const found = locate(build, id);
  if (!found) return null;
  const copy = copyWithNewIds(found.block, makeId);
  const done = insertBlock(build, { list: found.at.list, index: found.at.index + 1 }, copy);
  return done.ok ? { build: done.build, id: copy.id } : null;
}

function replaceBlock(build: Build, id: string, change: (block: Block) => Block): Build {
  const found = locate(build, id);
  if (!found) return build;
  const blocks = [...(listOf(build, found.at.list) ?? [])];
  blocks[found.at.index] = change(found.block);
  return withList(build, found.at.list, blocks);
}

export function updateSettings(build: Build, id: string, patch: Partial<BlockSettings>): Build {
  return replaceBlock(build, id, (block) => ({
    ...block,
    settings: {
      ...block.settings,
      ...patch,
      padding: { ...block.settings.padding, ...patch.padding },
    },
  }));
}

/** The data of a text, image or attachment block, changed by `patch` (keys of that type's data). */
export function updateData(build: Build, id: string, patch: Record<string, string>): Build {
  return replaceBlock(build, id, (block) => {
    if (block.type === 'text' || block.type === 'image' || block.type === 'attachment') return { ...block, data: { ...block.data, ...patch } } as Block;
    return block;
  });
}

/** The list before / after a region (across the email's order header -> body -> footer, or the regions a document has). */
function neighbourRegion(region: Region, delta: -1 | 1, regions: readonly Region[]): Region | null {
  return regions[regions.indexOf(region) + delta] ?? null;
}

/**
 * The keyboard's move up / down: one place within its list; at a list's end into the next list
 * (the region above or below among `regions`; from one column cell to the other). Null when it cannot go further.
 */
export function stepTarget(build: Build, id: string, delta: -1 | 1, regions: readonly Region[] = REGIONS): { from: Position; to: Position } | null {
  const found = locate(build, id);
  if (!found) return null;
  const list = listOf(build, found.at.list) ?? [];
  const from = found.at;
  const index = from.index + delta;
  if (index >= 0 && index < list.length) return { from, to: { list: from.list, index } };
  if ('region' in from.list) {
    const next = neighbourRegion(from.list.region, delta, regions);
    if (!next) return null;
    return {
      from,
      to: {
        list: { region: next },
        index: delta < 0 ? Number.MAX_SAFE_INTEGER : 0,
      },
    };
  }
  const other = from.list.cell === 0 ? 1 : 0;
  if ((delta > 0 && other === 1) || (delta < 0 && other === 0)) {
    return {
      from,
      to: {
        list: { columnsId: from.list.columnsId, cell: other },
        index: delta < 0 ? Number.MAX_SAFE_INTEGER : 0,
      },
    };
  }
  return null;
}

/**
 * The keyboard's 'move into column': the columns block right above the block (to the end of its
 * first cell), else the one right below (to the start of its first cell). Null when neither is.
 */
export function intoColumnTarget(build: Build, id: string): { from: Position; to: Position } | null {
  const found = locate(build, id);
  if (!found || !('region' in found.at.list)) return null;
  const list = listOf(build, found.at.list) ?? [];
  const above = list[found.at.index - 1];
  if (above?.type === 'columns')
    return {
      from: found.at,
      to: {
        list: { columnsId: above.id, cell: 0 },
        index: Number.MAX_SAFE_INTEGER,
      },
    };
  const below = list[found.at.index + 1];
  if (below?.type === 'columns')
    return {
      from: found.at,
      to: { list: { columnsId: below.id, cell: 0 }, index: 0 },
    };
  return null;
}

/** The keyboard's 'move out of column': into the columns block's list, right after it. */
export function outOfColumnTarget(build: Build, id: string): { from: Position; to: Position } | null {
  const found = locate(build, id);
  if (!found || !('columnsId' in found.at.list)) return null;
  const columns = locate(build, found.at.list.columnsId);
  if (!columns) return null;
  // Once the block has left the cell, the columns block is still where it was: right after it.
  return {
    from: found.at,
    to: { list: columns.at.list, index: columns.at.index + 1 },
  };
}

/** Counts for the user's orientation ('3 blocks'). */
export function countBlocks(build: Build): number {
  let n = 0;
  for (const list of build) for (const block of list) n += 1 + (block.type === 'columns' ? block.data.elements[0].length + block.data.elements[1].length : 0);
  return n;
}

/**
 * Undo and redo: every change is one step (a new present), undo steps back, redo forward; a new
 * change after an undo drops the steps ahead. Kept to the last HISTORY_LIMIT steps.
 */
export const HISTORY_LIMIT = 100;
export interface History {
  past: readonly Build[];
  present: Build;
  future: readonly Build[];
}

export function startHistory(build: Build): History {
  return { past: [], present: build, future: [] };
}
export function commit(history: History, build: Build): History {
  if (build === history.present) return history;
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: build,
    future: [],
  };
}
export function undo(history: History): History {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}
export function redo(history: History): History {
  const next = history.future[0];
  if (!next) return history;
  return {
    past: [...history.past, history.present],
    present: next,
    future: history.future.slice(1),
  };
}
