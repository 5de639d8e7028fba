/**
 * The rich-text area's fixed toolbar (WAI-ARIA toolbar: one tab stop, arrow keys, Home and End
 * move between its buttons): undo/redo, bold, italic, underline, link, the caret's block as a
 * paragraph, a heading, a list or a quote, its alignment, and table, image and HTML blocks; the host's own
 * buttons (attachment, gallery) at its end. Toggles say whether they are on at the caret
 * (aria-pressed). Drawn in the first HTML, aria-disabled (focusable, as the row that scrolls on a
 * phone must hold something focusable) until Editor.js is there (`commands` null);
 * what the buttons do is toolbar-commands.ts, loaded with Editor.js.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { StrokeIcon } from '../StrokeIcon';

export type ToolbarCommand =
  | 'undo'
  | 'redo'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'link'
  | 'paragraph'
  | `header-${1 | 2 | 3 | 4 | 5 | 6}`
  | 'list-unordered'
  | 'list-ordered'
  | 'quote'
  | 'align-left'
  | 'align-center'
  | 'align-right'
  | 'table'
  | 'image'
  | 'raw';

/** What the toggles show at the caret: its marks and its block's kind ('paragraph', 'header-2', 'list-ordered'...). */
export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  block: string;
  /** The caret's block's alignment ('left', 'center', 'right'), '' for a block that has none. */
  align: string;
}

/** What the buttons do (toolbar-commands.ts, over Editor.js). */
export interface ToolbarCommands {
  run(command: ToolbarCommand): void;
  /** Links the selection to `url` (with no selection, inserts the address as a link), or removes the link at the caret (null). */
  link(url: string | null): void;
}

export const NO_STATE: ToolbarState = {
  bold: false,
  italic: false,
  underline: false,
  link: false,
  block: '',
  align: '',
};

/** The buttons' faces are pictures (hidden from assistive technology); their names are hidden text. */
const svg = (d: string) => <StrokeIcon d={d} size={18} />;

interface Button {
  command: ToolbarCommand;
  name: string;
  keys?: string;
  /** A toggle's state at the caret. */
  on?: (state: ToolbarState) => boolean;
  face: ReactNode;
}

const block = (command: ToolbarCommand) => (state: ToolbarState) => state.block === command;

const GROUPS: Button[][] = [
  [
    {
      command: 'undo',
      name: 'Undo',
      keys: 'Ctrl+Z',
      face: svg('M9 14l-4-4 4-4M5 10h11a4 4 0 0 1 0 8h-1'),
    },
    {
      command: 'redo',
      name: 'Redo',
      keys: 'Ctrl+Y',
      face: svg('M15 14l4-4-4-4M19 10H8a4 4 0 0 0 0 8h1'),
    },
  ],
  [
    {
      command: 'bold',
      name: 'Bold',
      keys: 'Ctrl+B',
      on: (s) => s.bold,
      face: <b>B</b>,
    },
    {
      command: 'italic',
      name: 'Italic',
      keys: 'Ctrl+I',
      on: (s) => s.italic,
      face: <i>I</i>,
    },
    {
      command: 'underline',
      name: 'Underline',
      keys: 'Ctrl+U',
      on: (s) => s.underline,
      face: <u>U</u>,
    },
    {
      command: 'link',
      name: 'Link',
      keys: 'Ctrl+K',
      on: (s) => s.link,
      face: svg('M9 15l6-6M11 6l.5-.5a5 5 0 0 1 7 7l-.5.5M13 18l-.5.5a5 5 0 0 1-7-7l.5-.5'),
    },
  ],
  [
    {
      command: 'paragraph',
      name: 'Paragraph',
      keys: 'Ctrl+Alt+0',
      on: block('paragraph'),
      face: '¶',
    },
    ...([1, 2, 3, 4, 5, 6] as const).map((level) => ({
      command: `header-${level}` as const,
      name: `Heading ${level}`,
      keys: `Ctrl+Alt+${level}`,
      on: block(`header-${level}`),
      face: `H${level}`,
    })),
  ],
  [
    {
      command: 'list-unordered',
      name: 'Bulleted list',
      keys: 'Ctrl+Shift+8',
      on: block('list-unordered'),
      face: svg('M9 6h11M9 12h11M9 18h11M5 6v.01M5 12v.01M5 18v.01'),
    },
    {
      command: 'list-ordered',
      name: 'Numbered list',
      keys: 'Ctrl+Shift+7',
      on: block('list-ordered'),
      face: svg('M11 6h9M11 12h9M12 18h8M4 16a2 2 0 1 1 4 0c0 .6-.5 1-1 1.5L4 20h4M6 10V4L4 6'),
    },
    {
      command: 'quote',
      name: 'Quote',
      on: block('quote'),
      face: svg('M10 11H6V7h4v6c0 2.7-1.3 4.3-4 5M19 11h-4V7h4v6c0 2.7-1.3 4.3-4 5'),
    },
  ],
  [
    {
      command: 'align-left',
      name: 'Align left',
      on: (s) => s.align === 'left',
      face: svg('M4 6h16M4 12h10M4 18h14'),
    },
    {
      command: 'align-center',
      name: 'Align centre',
      on: (s) => s.align === 'center',
      face: svg('M4 6h16M7 12h10M5 18h14'),
    },
    {
      command: 'align-right',
      name: 'Align right',
      on: (s) => s.align === 'right',
      face: svg('M4 6h16M10 12h10M6 18h14'),
    },
  ],
  [
    {
      command: 'table',
      name: 'Table',
      face: svg('M4 4h16v16H4zM4 10h16M4 15h16M10 4v16'),
    },
    {
      command: 'image',
      name: 'Image',
      face: svg('M4 5h16v14H4zM15 8h.01M4 15l4-4 5 5 2-2 5 5'),
    },
    {
      command: 'raw',
      name: 'HTML block',
      face: svg('M7 8l-4 4 4 4M17 8l4 4-4 4M14 4l-4 16'),
    },
  ],
];

export interface EditorToolbarProps {
  /** null until Editor.js is ready: the buttons are drawn, disabled. */
  commands: ToolbarCommands | null;
  state: ToolbarState;
  /** The host's buttons, after the toolbar's own. */
  extras?: ReactNode;
}

/** The toolbar's buttons the arrow keys move between (not those of an open menu or the link form). */
function itemsOf(toolbar: HTMLElement | null): HTMLButtonElement[] {
  return Array.from(toolbar?.querySelectorAll('button') ?? []).filter((b) => !b.disabled && !b.closest('.dropdown-menu, .editor-toolbar__link'));
}

export function EditorToolbar({ commands, state, extras }: EditorToolbarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const active = useRef(0);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');

  // Roving tabindex: only the active button is in the tab order.
  useLayoutEffect(() => {
    const items = itemsOf(ref.current);
    if (active.current >= items.length) active.current = 0;
    items.forEach((item, i) => (item.tabIndex = i === active.current ? 0 : -1));
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(ref.current);
    const at = items.findIndex((item) => item === event.target);
    if (at < 0) return;
    const to = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + items.length) % items.length;
    items.forEach((item, i) => (item.tabIndex = i === next ? 0 : -1));
    active.current = next;
    items[next]?.focus();
  };

  const closeLink = (url: string | null | undefined) => {
    setLinking(false);
    if (url !== undefined) commands?.link(url);
  };

  return (
    <div
      ref={ref}
      className="editor-toolbar"
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const at = itemsOf(ref.current).findIndex((item) => item === (event.target as Element));
        if (at >= 0) active.current = at;
      }}
      // A press on a button keeps the focus (and the selection) in the text.
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button') && !(event.target as Element).closest('.editor-toolbar__link')) event.preventDefault();
      }}
    >
      <div className="editor-toolbar__tools">
        {GROUPS.map((group, g) => (
          <div key={g} className="editor-toolbar__group">
            {group.map((button) => (
              <button
                key={button.command}
                type="button"
                className="editor-toolbar__button"
                title={button.keys ? `${button.name} (${button.keys})` : button.name}
                aria-pressed={button.on ? button.on(state) : undefined}
                aria-disabled={!commands || undefined}
                onClick={() => {
                  if (!commands) return;
                  if (button.command !== 'link') commands?.run(button.command);
                  else if (state.link) commands?.link(null);
                  else setLinking(true);
                }}
              >
                <span aria-hidden="true">{button.face}</span>
                <span className="visually-hidden">{button.name}</span>
              </button>
            ))}
          </div>
        ))}
      </div>
      {extras && <div className="editor-toolbar__group editor-toolbar__extras">{extras}</div>}
      {linking && (
        <form
          noValidate
          className="editor-toolbar__link"
          onSubmit={(event) => {
            event.preventDefault();
            closeLink(url.trim() || null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeLink(undefined);
          }}
        >
          <input
            className="form-control form-control-sm"
            type="url"
            aria-label="Link address"
            value={url}
            autoFocus
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-sm btn-primary">
            Add link
          </button>
          <button type="button" className="btn btn-sm" onClick={() => closeLink(undefined)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
