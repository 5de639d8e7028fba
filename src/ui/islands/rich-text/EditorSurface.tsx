/**
 * The content area: Editor.js (through react-editor-js) with the website tools, loaded from the
 * item's HTML by the lossless conversion and saved back through it, under its fixed toolbar
 * (EditorToolbar.tsx, toolbar-commands.ts). Undo/redo by editorjs-undo (Ctrl+Z / Ctrl+Y, and the
 * toolbar's buttons). Browser only: Editor.js touches `window`
 * when it is imported, so the island (ContentEditor.tsx) imports this module dynamically, in the
 * browser, once it is mounted.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createReactEditorJS } from 'react-editor-js';
import type EditorJS from '@editorjs/editorjs';
import type { OutputBlockData } from '@editorjs/editorjs';
import Undo from 'editorjs-undo';
import { blocksToHtml, htmlToBlocks, type ParseHtml } from '../../../lib/editor-html';
import { buildTools } from './tools';
import { EditorToolbar, NO_STATE, type ToolbarCommands } from './EditorToolbar';
import { editorCommands } from './toolbar-commands';
import type { GalleryPreview } from './tools/gallery-card';

const ReactEditorJS = createReactEditorJS();

/** The browser's HTML parser, inert: a detached document's `<div>`, as Editor.js's sanitiser parses. */
export function browserParser(): ParseHtml {
  const doc = document.implementation.createHTMLDocument('');
  return (html) => {
    const holder = doc.createElement('div');
    holder.innerHTML = html;
    return holder;
  };
}

/** What the island can do with the content area once it is ready. */
export interface EditorControls {
  /** The content as HTML: unchanged blocks exactly as loaded. Rejects when a block cannot be written. */
  getHtml(): Promise<string>;
  /** Inserts a paragraph with this inline HTML after the block the user was last in (or at the end). */
  insertParagraph(html: string): void;
  undo(): void;
  redo(): void;
}

export interface EditorSurfaceProps {
  /** The HTML the editor opens with ('' for a new item). */
  initialHtml: string;
  /** id of the element naming the content area (its label). */
  labelledBy: string;
  uploadImage: (file: Blob) => Promise<string | null>;
  /** A gallery's title and thumbnails, for the gallery slider's card; null when it cannot be loaded. */
  loadGallery?: (id: number) => Promise<GalleryPreview | null>;
  onReady: (controls: EditorControls) => void;
  /** The user changed the content (not called for Editor.js's own first render). */
  onChange?: () => void;
  /**
   * Shown in the box until Editor.js has rendered the content (which it does out of sight, at
   * the same width), then replaced by it in one go: the content's preview, or 'Loading'.
   */
  waiting: ReactNode;
  /** The host's own buttons at the toolbar's end (Insert Attachment, Insert Gallery). */
  toolbarExtras?: ReactNode;
}

/** react-editor-js's core: the Editor.js instance is its `dangerouslyLowLevelInstance`. */
interface EditorCoreLike {
  dangerouslyLowLevelInstance: unknown;
}

const HOLDER_ID = 'content-editor';

/** How long Editor.js may take to settle out of sight before it is shown anyway. */
const SETTLE_LIMIT_MS = 1500;
/**
 * How long its height must stay the same to count as settled: long enough for the raw HTML
 * blocks' previews, the gallery cards and the images to take their height.
 */
const SETTLE_QUIET_MS = 150;

/**
 * Resolves once an element's height has stayed the same for SETTLE_QUIET_MS with all its images
 * loaded (or failed), or after SETTLE_LIMIT_MS: Editor.js's blocks keep resizing for a moment
 * after it is ready (raw HTML boxes fit their text, images arrive), and that must happen out of
 * sight, not under the user's eyes.
 */
function settled(element: HTMLElement | null): Promise<void> {
  return new Promise((resolve) => {
    if (!element) {
      resolve();
      return;
    }
    const limit = setTimeout(resolve, SETTLE_LIMIT_MS);
    let last = -1;
    let since = performance.now();
    const check = () => {
      const height = element.offsetHeight;
      const imagesDone = Array.from(element.querySelectorAll('img')).every((img) => img.complete);
      const now = performance.now();
      if (height !== last || !imagesDone) {
        last = height;
        since = now;
      }
      if (now - since >= SETTLE_QUIET_MS) {
        clearTimeout(limit);
        resolve();
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

export function EditorSurface({ initialHtml, labelledBy, uploadImage, loadGallery, onReady, onChange, waiting, toolbarExtras }: EditorSurfaceProps) {
  const editorRef = useRef<EditorJS | null>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [commands, setCommands] = useState<ToolbarCommands | null>(null);
  const [toolbarState, setToolbarState] = useState(NO_STATE);
  const disposeToolbar = useRef<(() => void) | null>(null);
  useEffect(() => () => disposeToolbar.current?.(), []);
  const lastBlockIndex = useRef(-1);
  // Editor.js keeps the callbacks it was started with: read the current ones through refs.
  const readyRef = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const reportChange = () => {
    if (readyRef.current) onChangeRef.current?.();
  };
  // Created once: Editor.js reads its configuration when it starts.
  const config = useMemo(() => {
    const parse = browserParser();
    return { parse, tools: buildTools({ uploadImage, loadGallery }), blocks: htmlToBlocks(initialHtml, parse) };
  }, []);

  useEffect(() => {
    // The block the user was last in, for insertions made from the buttons outside the editor.
    const holder = document.getElementById(HOLDER_ID);
    const remember = () => {
      const index = editorRef.current?.blocks.getCurrentBlockIndex() ?? -1;
      if (index >= 0) lastBlockIndex.current = index;
    };
    holder?.addEventListener('focusin', remember);
    holder?.addEventListener('keyup', remember);
    holder?.addEventListener('mouseup', remember);
    // Typing counts at once: Editor.js reports changes only after a pause, and a Cancel pressed
    // within it must still ask. (Its own report covers block moves and tool changes.)
    holder?.addEventListener('input', reportChange);
    return () => {
      holder?.removeEventListener('focusin', remember);
      holder?.removeEventListener('keyup', remember);
      holder?.removeEventListener('mouseup', remember);
      holder?.removeEventListener('input', reportChange);
    };
  }, []);

  const handleInitialize = (core: EditorCoreLike) => {
    editorRef.current = core.dangerouslyLowLevelInstance as EditorJS;
  };

  const handleReady = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const undo = new Undo({ editor, maxLength: 100 });
    undo.initialize({ blocks: config.blocks });
    const controls: EditorControls = {
      async getHtml() {
        const output = await editor.save();
        return blocksToHtml(output.blocks as OutputBlockData[]);
      },
      insertParagraph(html) {
        const count = editor.blocks.getBlocksCount();
        const at = lastBlockIndex.current >= 0 && lastBlockIndex.current < count ? lastBlockIndex.current + 1 : count;
        // The block the paragraph opens as (a gallery slider shortcode is its card), new: no source.
        const [block] = htmlToBlocks(`<p>${html}</p>`, config.parse);
        if (block && block.type === 'gallery') editor.blocks.insert('gallery', { id: block.data.id }, undefined, at, true);
        else editor.blocks.insert('paragraph', { text: html }, undefined, at, true);
        lastBlockIndex.current = at;
        editor.caret.setToBlock(at, 'end');
      },
      undo() {
        void undo.undo();
      },
      redo() {
        void undo.redo();
      },
    };
    const holder = document.getElementById(HOLDER_ID);
    // Shown (and usable) once it has settled where it was rendered out of sight.
    void settled(surfaceRef.current).then(() => {
      readyRef.current = true;
      setReady(true);
      if (holder) {
        const toolbar = editorCommands(editor, holder, undo, setToolbarState);
        disposeToolbar.current = toolbar.dispose;
        setCommands(toolbar.commands);
      }
      onReady(controls);
    });
  };

  return (
    <div className="content-editor" role="group" aria-labelledby={labelledBy} aria-busy={ready ? undefined : true}>
      <EditorToolbar commands={commands} state={toolbarState} extras={toolbarExtras} />
      <div className="content-editor-body">
        {!ready && waiting}
        <div ref={surfaceRef} className={ready ? 'content-editor-surface' : 'content-editor-surface content-editor-surface--hidden'}>
          <ReactEditorJS
            holder={HOLDER_ID}
            tools={config.tools}
            defaultValue={{ blocks: config.blocks }}
            minHeight={40}
            placeholder="Write your content here…"
            onInitialize={handleInitialize}
            onReady={handleReady}
            onChange={reportChange}
          />
        </div>
      </div>
    </div>
  );
}
