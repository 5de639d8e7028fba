/**
 * What the rich-text area's fixed toolbar (EditorToolbar.tsx) does, over Editor.js's public API:
 * inline formatting of the selection (the browser's commands, as Editor.js's own bold and italic
 * tools; underline with the class @editorjs/underline writes), links, converting the caret's block
 * (`blocks.convert`, `blocks.update` for a heading's level or a list's style), inserting blocks,
 * undo/redo (editorjs-undo), the toolbar's state at the caret (`selectionchange`), the block
 * shortcuts its tooltips name, and a click in the box's empty parts placing the caret. Loaded
 * with Editor.js (EditorSurface.tsx), never on the server.
 */
import type EditorJS from '@editorjs/editorjs';
import type { BlockAPI } from '@editorjs/editorjs';
import type Undo from 'editorjs-undo';
import type { ToolbarCommand, ToolbarCommands, ToolbarState } from './EditorToolbar';

interface Target {
  tool: string;
  data?: Record<string, unknown>;
}

function targetOf(command: ToolbarCommand): Target | null {
  if (command === 'paragraph' || command === 'quote' || command === 'table' || command === 'image' || command === 'raw') return { tool: command };
  if (command.startsWith('header-')) return { tool: 'header', data: { level: Number(command.slice(7)) } };
  if (command === 'list-unordered' || command === 'list-ordered') return { tool: 'list', data: { style: command.slice(5) } };
  return null;
}

/** Blocks whose text the toolbar converts (the others get the new block after them). */
const TEXT_TOOLS = new Set(['paragraph', 'header', 'list', 'quote']);
const INSERTED = new Set(['table', 'image', 'raw']);

/** Ctrl+Alt+0..6 (paragraph, headings), Ctrl+Shift+7 / 8 (numbered, bulleted list), as the tooltips say. */
function shortcutOf(event: KeyboardEvent): ToolbarCommand | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const digit = /^Digit(\d)$/.exec(event.code)?.[1];
  if (digit === undefined) return null;
  if (event.altKey && !event.shiftKey) return digit === '0' ? 'paragraph' : Number(digit) <= 6 ? (`header-${digit}` as ToolbarCommand) : null;
  if (event.shiftKey && !event.altKey) return digit === '7' ? 'list-ordered' : digit === '8' ? 'list-unordered' : null;
  return null;
}

const ALIGNMENTS = { 'align-left': 'left', 'align-center': 'center', 'align-right': 'right' } as const;
type AlignCommand = keyof typeof ALIGNMENTS;
const isAlign = (command: ToolbarCommand): command is AlignCommand => command in ALIGNMENTS;

/** The alignment the tune (editorjs-text-alignment-blocktune) shows on a block, '' for a block without it. */
function alignOf(blockElement: Element | null): string {
  const wrapper = blockElement?.querySelector('[class*="ce-tune-alignment--"]');
  return /ce-tune-alignment--(\w+)/.exec(wrapper?.className ?? '')?.[1] ?? '';
}

/** A block's tunes' data: Editor.js's save() returns them, its type does not say so. */
async function tunesOf(block: BlockAPI): Promise<Record<string, unknown> | undefined> {
  const saved = (await block.save()) as { tunes?: Record<string, unknown> } | undefined;
  return saved?.tunes;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function elementOf(node: Node | null): Element | null {
  return node instanceof Element ? node : (node?.parentElement ?? null);
}

/** The kind of block an element is in, as the toolbar's toggles name it ('header-2', 'list-ordered'...). */
function kindOf(editor: EditorJS, blockElement: Element | null): string {
  if (!blockElement) return '';
  const block = editor.blocks.getBlockByElement(blockElement as HTMLElement);
  if (!block) return '';
  if (block.name === 'header') return `header-${blockElement.querySelector('h1, h2, h3, h4, h5, h6')?.tagName.slice(1) ?? ''}`;
  if (block.name === 'list') return blockElement.querySelector('ol') ? 'list-ordered' : 'list-unordered';
  return block.name;
}

export function editorCommands(editor: EditorJS, holder: HTMLElement, undo: Undo, onState: (state: ToolbarState) => void) {
  let saved: Range | null = null;

  const blockElement = (): HTMLElement | null => elementOf(saved?.startContainer ?? null)?.closest<HTMLElement>('.ce-block') ?? null;

  const readState = (): ToolbarState => {
    const inside = saved !== null && holder.contains(saved.startContainer);
    const mark = (name: string) => inside && document.queryCommandState(name);
    return {
      bold: mark('bold'),
      italic: mark('italic'),
      underline: mark('underline'),
      link: inside && !!elementOf(saved?.startContainer ?? null)?.closest('a'),
      block: inside ? kindOf(editor, blockElement()) : '',
      align: inside ? alignOf(blockElement()) : '',
    };
  };

  const onSelection = () => {
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0 || !holder.contains(selection.anchorNode)) return;
    saved = selection.getRangeAt(0).cloneRange();
    onState(readState());
  };

  /** Puts the focus and the selection back where they were in the editor (a toolbar key may have moved them). */
  const restore = (): boolean => {
    if (!saved || !holder.contains(saved.startContainer)) return false;
    elementOf(saved.startContainer)?.closest<HTMLElement>('[contenteditable="true"]')?.focus({ preventScroll: true });
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(saved);
    return true;
  };

  const refresh = () => queueMicrotask(() => onState(readState()));

  const format = (name: 'bold' | 'italic' | 'underline') => {
    if (!restore()) return;
    document.execCommand(name);
    // Underline as @editorjs/underline writes it (the class the sanitiser keeps).
    if (name === 'underline')
      blockElement()
        ?.querySelectorAll('u:not([class])')
        .forEach((u) => u.classList.add('cdx-underline'));
    onSelection();
  };

  const currentIndex = (): number => {
    const element = blockElement();
    const block = element ? editor.blocks.getBlockByElement(element) : undefined;
    return block ? editor.blocks.getBlockIndex(block.id) : editor.blocks.getCurrentBlockIndex();
  };

  const focusBlock = (index: number) => {
    editor.caret.setToBlock(index, 'end');
    onSelection();
    refresh();
  };

  const insert = (target: Target, index: number) => {
    const current = index >= 0 ? editor.blocks.getBlockByIndex(index) : undefined;
    const replace = current !== undefined && current.name === 'paragraph' && current.isEmpty;
    const at = current === undefined ? editor.blocks.getBlocksCount() : replace ? index : index + 1;
    editor.blocks.insert(target.tool, target.data ?? {}, undefined, at, true, replace);
    focusBlock(at);
  };

  const convert = async (command: ToolbarCommand) => {
    const target = targetOf(command);
    if (!target) return;
    const index = currentIndex();
    const block = index >= 0 ? editor.blocks.getBlockByIndex(index) : undefined;
    if (!block || INSERTED.has(target.tool) || !TEXT_TOOLS.has(block.name)) {
      insert(target, index);
      return;
    }
    // Pressing the block's own kind again makes it a paragraph.
    const next = kindOf(editor, block.holder) === command && command !== 'paragraph' ? { tool: 'paragraph' } : target;
    // Editor.js's convert drops the block's tunes: the new block keeps the old one's (its alignment).
    const tunes = await tunesOf(block);
    if (next.tool === block.name && next.tool !== 'paragraph') await editor.blocks.update(block.id, next.data, tunes);
    else if (next.tool !== block.name) {
      const converted = await editor.blocks.convert(block.id, next.tool, next.data);
      if (tunes && Object.keys(tunes).length > 0) await editor.blocks.update(converted.id, undefined, tunes);
    }
    focusBlock(index);
  };

  /** Sets the alignment tune of the caret's block (text blocks have it; the others are left alone). */
  const align = async (command: AlignCommand) => {
    const index = currentIndex();
    const block = index >= 0 ? editor.blocks.getBlockByIndex(index) : undefined;
    if (!block || !alignOf(block.holder)) return;
    const tunes = (await tunesOf(block)) ?? {};
    await editor.blocks.update(block.id, undefined, { ...tunes, alignment: { alignment: ALIGNMENTS[command] } });
    focusBlock(index);
  };

  const commands: ToolbarCommands = {
    run(command) {
      if (command === 'bold' || command === 'italic' || command === 'underline') format(command);
      else if (command === 'undo') void undo.undo().then(refresh);
      else if (command === 'redo') void undo.redo().then(refresh);
      else if (isAlign(command)) {
        restore();
        void align(command).catch(() => undefined);
      } else if (command !== 'link') {
        restore();
        void convert(command).catch(() => undefined);
      }
    },
    link(url) {
      if (!restore()) return;
      if (url === null) {
        const anchor = elementOf(saved?.startContainer ?? null)?.closest('a');
        if (anchor && saved?.collapsed) {
          const range = document.createRange();
          range.selectNodeContents(anchor);
          document.getSelection()?.removeAllRanges();
          document.getSelection()?.addRange(range);
        }
        document.execCommand('unlink');
      } else if (!saved?.collapsed) document.execCommand('createLink', false, url);
      else document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
      onSelection();
    },
  };

  const onKey = (event: KeyboardEvent) => {
    const command = shortcutOf(event);
    if (!command) return;
    event.preventDefault();
    commands.run(command);
  };

  /**
   * A click in the box outside every block (its padding, below the last block) puts the caret in
   * the block at that height (at the nearest point of its text), or at the end of the last block
   * when it is text, else in a new paragraph after it. (Editor.js's own handling of a click below
   * the blocks, which always adds a paragraph, is stopped; a press and drag still selects blocks.)
   */
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    if (event.button !== 0 || target.closest('.ce-block, .ce-toolbar, .ce-popover, .ce-inline-toolbar, button, input, textarea, select, a, [contenteditable]'))
      return;
    event.stopPropagation();
    if (holder.querySelector('.ce-block--selected') || !document.getSelection()?.isCollapsed) return;
    const blocks = Array.from(holder.querySelectorAll<HTMLElement>('.ce-block'));
    const y = event.clientY;
    const row = blocks.findIndex((b) => y <= b.getBoundingClientRect().bottom);
    if (row >= 0) {
      const box = blocks[row]!.getBoundingClientRect();
      const editable = blocks[row]!.querySelector<HTMLElement>('[contenteditable="true"]');
      const x = Math.min(Math.max(event.clientX, box.left + 1), box.right - 1);
      const range = y >= box.top && editable ? document.caretRangeFromPoint?.(x, y) : null;
      if (range && editable?.contains(range.startContainer)) {
        editable.focus({ preventScroll: true });
        document.getSelection()?.removeAllRanges();
        document.getSelection()?.addRange(range);
        onSelection();
      } else editor.caret.setToBlock(row, y < box.top ? 'start' : 'end');
      return;
    }
    const last = editor.blocks.getBlocksCount() - 1;
    const lastBlock = last >= 0 ? editor.blocks.getBlockByIndex(last) : undefined;
    if (lastBlock && TEXT_TOOLS.has(lastBlock.name) && lastBlock.name !== 'list') focusBlock(last);
    else {
      editor.blocks.insert('paragraph', {}, undefined, last + 1, true);
      focusBlock(last + 1);
    }
  };

  const box = holder.closest<HTMLElement>('.content-editor-body') ?? holder;
  document.addEventListener('selectionchange', onSelection);
  holder.addEventListener('keydown', onKey);
  box.addEventListener('click', onClick, true);
  return {
    commands,
    dispose() {
      document.removeEventListener('selectionchange', onSelection);
      holder.removeEventListener('keydown', onKey);
      box.removeEventListener('click', onClick, true);
    },
  };
}
