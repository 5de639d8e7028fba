import { describe, expect, it } from 'vitest';
import {
  commit,
  createBlock,
  duplicateBlock,
  insertBlock,
  intoColumnTarget,
  listKey,
  locate,
  moveBlock,
  outOfColumnTarget,
  parseListKey,
  redo,
  removeBlock,
  restoreBlock,
  startHistory,
  stepTarget,
  undo,
  updateData,
  updateSettings,
  type Outcome,
} from '../client/stores/builder/document';
import { cleanTextHtml } from '../client/stores/builder/text-html';
import { buildSchema } from '../builder-contract';
import { COLUMN_IN_COLUMN, type Block, type BlockType, type Build, type ColumnsBlock } from '../builder-rules';

let counter = 0;
const ids = () => `id${++counter}`;
const block = (type: BlockType, id: string): Block => createBlock(type, () => id);

function ok(outcome: Outcome): Build {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.build;
}
/** The build's ids per list, cells as `columnsId[left|right]`. */
function shape(build: Build): string[][] {
  return build.map((list) =>
    list.map((b) =>
      b.type === 'columns' ? `${b.id}[${b.data.elements[0].map((c) => c.id).join(',')}|${b.data.elements[1].map((c) => c.id).join(',')}]` : b.id,
    ),
  );
}
function columns(id: string, left: Block[] = [], right: Block[] = []): ColumnsBlock {
  const c = block('columns', id) as ColumnsBlock;
  return {
    ...c,
    data: {
      elements: [left as ColumnsBlock['data']['elements'][0], right as ColumnsBlock['data']['elements'][1]],
    },
  };
}
/** header: h1; body: a, b, cols[x | y], c; footer: f1. */
function sample(): Build {
  return [
    [block('text', 'h1')],
    [block('text', 'a'), block('image', 'b'), columns('cols', [block('text', 'x')], [block('spacer', 'y')]), block('divider', 'c')],
    [block('text', 'f1')],
  ];
}

describe('the builder document', () => {
  it('inserts a new block at a position in a region or a cell, and a new block is a valid build', () => {
    let build = ok(insertBlock(sample(), { list: { region: 'body' }, index: 1 }, block('attachment', 'n1')));
    build = ok(insertBlock(build, { list: { columnsId: 'cols', cell: 1 }, index: 0 }, block('image', 'n2')));
    build = ok(insertBlock(build, { list: { region: 'footer' }, index: 99 }, block('spacer', 'n3')));
    expect(shape(build)).toEqual([['h1'], ['a', 'n1', 'b', 'cols[x|n2,y]', 'c'], ['f1', 'n3']]);
    expect(buildSchema.safeParse(build).success).toBe(true);
  });

  it('never changes the build it was given (the history keeps old steps by reference)', () => {
    const before = sample();
    const frozen = JSON.stringify(before);
    ok(moveBlock(before, { list: { region: 'body' }, index: 0 }, { list: { columnsId: 'cols', cell: 0 }, index: 0 }));
    removeBlock(before, 'x');
    updateSettings(before, 'y', { height: 99 });
    expect(JSON.stringify(before)).toBe(frozen);
  });

  it('moves within a list, between regions, into and out of column cells, keeping every order', () => {
    const body = { region: 'body' } as const;
    let build = ok(moveBlock(sample(), { list: body, index: 0 }, { list: body, index: 2 }));
    expect(shape(build)[1]).toEqual(['b', 'cols[x|y]', 'a', 'c']);
    build = ok(moveBlock(build, { list: body, index: 3 }, { list: { region: 'header' }, index: 0 }));
    expect(shape(build)[0]).toEqual(['c', 'h1']);
    build = ok(moveBlock(build, { list: body, index: 0 }, { list: { columnsId: 'cols', cell: 1 }, index: 1 }));
    expect(shape(build)[1]).toEqual(['cols[x|y,b]', 'a']);
    build = ok(moveBlock(build, { list: { columnsId: 'cols', cell: 0 }, index: 0 }, { list: { region: 'footer' }, index: 1 }));
    expect(shape(build)).toEqual([
      ['c', 'h1'],
      ['cols[|y,b]', 'a'],
      ['f1', 'x'],
    ]);
    build = ok(moveBlock(build, { list: { columnsId: 'cols', cell: 1 }, index: 1 }, { list: { columnsId: 'cols', cell: 0 }, index: 0 }));
    expect(shape(build)[1]).toEqual(['cols[b|y]', 'a']);
    expect(buildSchema.safeParse(build).success).toBe(true);
  });

  it('refuses a columns block in a column with the spec’s text, and moves nothing', () => {
    const build = ok(insertBlock(sample(), { list: { region: 'footer' }, index: 0 }, columns('other')));
    const into = moveBlock(build, { list: { region: 'footer' }, index: 0 }, { list: { columnsId: 'cols', cell: 0 }, index: 0 });
    expect(into).toEqual({ ok: false, error: COLUMN_IN_COLUMN });
    const itself = moveBlock(build, { list: { region: 'body' }, index: 2 }, { list: { columnsId: 'cols', cell: 1 }, index: 0 });
    expect(itself).toEqual({ ok: false, error: COLUMN_IN_COLUMN });
    expect(insertBlock(build, { list: { columnsId: 'cols', cell: 0 }, index: 0 }, columns('new'))).toEqual({ ok: false, error: COLUMN_IN_COLUMN });
    expect(shape(build)).toEqual(shape(ok(insertBlock(sample(), { list: { region: 'footer' }, index: 0 }, columns('other')))));
  });

  it('deletes a block and restores it at its old place, in a region or a cell', () => {
    const fromBody = removeBlock(sample(), 'b')!;
    expect(shape(fromBody.build)[1]).toEqual(['a', 'cols[x|y]', 'c']);
    expect(shape(ok(restoreBlock(fromBody.build, fromBody.removed)))).toEqual(shape(sample()));

    const fromCell = removeBlock(sample(), 'y')!;
    expect(shape(fromCell.build)[1]).toEqual(['a', 'b', 'cols[x|]', 'c']);
    // Other changes happened meanwhile: it still goes back to its cell.
    const changed = ok(insertBlock(fromCell.build, { list: { region: 'body' }, index: 0 }, block('text', 'z')));
    expect(shape(ok(restoreBlock(changed, fromCell.removed)))[1]).toEqual(['z', 'a', 'b', 'cols[x|y]', 'c']);
  });

  it('restores a cell’s block into its region when its columns block has gone, and never twice', () => {
    const first = removeBlock(sample(), 'x')!;
    const second = removeBlock(first.build, 'cols')!;
    expect(shape(ok(restoreBlock(second.build, first.removed)))[1]).toEqual(['a', 'b', 'c', 'x']);
    expect(restoreBlock(sample(), removeBlock(sample(), 'a')!.removed).ok).toBe(false);
  });

  it('duplicates a block right after itself with new ids, cells included', () => {
    counter = 0;
    const done = duplicateBlock(sample(), 'cols', ids)!;
    expect(shape(done.build)[1]).toEqual(['a', 'b', 'cols[x|y]', 'id1[id2|id3]', 'c']);
    expect(done.id).toBe('id1');
    const text = duplicateBlock(sample(), 'x', ids)!;
    expect(shape(text.build)[1]).toEqual(['a', 'b', 'cols[x,id4|y]', 'c']);
    expect(locate(text.build, 'id4')?.block.data).toEqual(locate(sample(), 'x')?.block.data);
  });

  it('updates settings (padding per side) and data of one block only', () => {
    let build = updateSettings(sample(), 'y', {
      height: 80,
      padding: { top: 4, right: 0, bottom: 0, left: 0 },
    });
    build = updateSettings(build, 'y', {
      padding: { ...locate(build, 'y')!.block.settings.padding, left: 7 },
    });
    build = updateData(build, 'b', {
      url: '/uploads/demo/a.png',
      alt: 'A boat',
    });
    expect(locate(build, 'y')!.block.settings).toMatchObject({
      height: 80,
      padding: { top: 4, right: 0, bottom: 0, left: 7 },
    });
    expect(locate(build, 'b')!.block.data).toEqual({
      url: '/uploads/demo/a.png',
      alt: 'A boat',
      href: '',
    });
    expect(locate(build, 'x')!.block.settings).toEqual(locate(sample(), 'x')!.block.settings);
  });

  it('steps a block up and down across lists, and into and out of columns, for the keyboard', () => {
    const build = sample();
    expect(stepTarget(build, 'h1', -1)).toBeNull();
    expect(stepTarget(build, 'a', -1)?.to).toEqual({
      list: { region: 'header' },
      index: Number.MAX_SAFE_INTEGER,
    });
    expect(stepTarget(build, 'c', 1)?.to).toEqual({
      list: { region: 'footer' },
      index: 0,
    });
    expect(stepTarget(build, 'x', 1)?.to).toEqual({
      list: { columnsId: 'cols', cell: 1 },
      index: 0,
    });
    expect(stepTarget(build, 'x', -1)).toBeNull();
    expect(stepTarget(build, 'y', 1)).toBeNull();
    const moved = ok(moveBlock(build, stepTarget(build, 'a', -1)!.from, stepTarget(build, 'a', -1)!.to));
    expect(shape(moved).slice(0, 2)).toEqual([
      ['h1', 'a'],
      ['b', 'cols[x|y]', 'c'],
    ]);

    // From right above a columns block: to the start of its first cell; from right below: to its end.
    const above = intoColumnTarget(build, 'b')!;
    expect(shape(ok(moveBlock(build, above.from, above.to)))[1]).toEqual(['a', 'cols[b,x|y]', 'c']);
    const below = intoColumnTarget(build, 'c')!;
    expect(shape(ok(moveBlock(build, below.from, below.to)))[1]).toEqual(['a', 'b', 'cols[x,c|y]']);
    expect(intoColumnTarget(build, 'a')).toBeNull();
    const out = outOfColumnTarget(build, 'y')!;
    expect(shape(ok(moveBlock(build, out.from, out.to)))[1]).toEqual(['a', 'b', 'cols[x|]', 'y', 'c']);
    expect(outOfColumnTarget(build, 'a')).toBeNull();
  });

  it('undoes and redoes every change one step at a time, and a new change drops the steps ahead', () => {
    const first = sample();
    const second = removeBlock(first, 'a')!.build;
    const third = updateSettings(second, 'b', { width: 50 });
    let history = commit(commit(startHistory(first), second), third);
    history = undo(history);
    expect(history.present).toBe(second);
    history = undo(history);
    expect(history.present).toBe(first);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(second);
    const other = updateSettings(second, 'c', { border: 3 });
    history = commit(history, other);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe(second);
  });

  it('names lists for the DOM and reads the names back', () => {
    for (const list of [{ region: 'header' }, { region: 'footer' }, { columnsId: 'ab-12', cell: 1 }] as const)
      expect(parseListKey(listKey(list))).toEqual(list);
    expect(parseListKey('nowhere')).toBeNull();
  });
});

describe('a text block’s HTML in the builder', () => {
  it('keeps what the toolbar makes and turns execCommand’s font tags into styled spans', () => {
    const html =
      '<p style="text-align: center;"><b>Bold</b> <i>it</i> <u>u</u> <a href="https://example.org/?a=1&amp;b=2">link</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><font color="#ff0000">red</font><span style="font-size: 22px; color: rgb(0, 128, 0);">big</span>';
    expect(cleanTextHtml(html)).toBe(
      '<p style="text-align: center"><b>Bold</b> <i>it</i> <u>u</u> <a href="https://example.org/?a=1&amp;b=2">link</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><span style="color: #ff0000">red</span><span style="font-size: 22px; color: #008000">big</span>',
    );
  });

  it('drops scripts, handlers, unsafe links and unknown styles, and balances tags', () => {
    expect(cleanTextHtml('<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe('<p>Hi</p>');
    expect(cleanTextHtml('<a href="javascript:alert(1)">x</a><a href=" java&#115;cript:1">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(cleanTextHtml('<span style="position:fixed;color:red;background:url(x)">z</span>')).toBe('<span style="color: red">z</span>');
    expect(cleanTextHtml('<b><i>open')).toBe('<b><i>open</i></b>');
    expect(cleanTextHtml('1 < 2 & <3')).toBe('1 &lt; 2 &amp; &lt;3');
    expect(cleanTextHtml('<style>p{}</style><!-- c --><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('keeps the school frame’s logo but not a script address', () => {
    expect(cleanTextHtml('<img src="/uploads/demo/logo.png" alt="Logo" width="120" onload="x"><img src="javascript:x">', { frame: true })).toBe(
      '<img src="/uploads/demo/logo.png" alt="Logo" width="120">',
    );
  });
});
