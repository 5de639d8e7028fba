/**
 * The content area: Editor.js (through react-editor-js) with the website tools, loaded from the
 * item's HTML by the lossless conversion and saved back through it. Undo/redo by editorjs-undo
 * (Ctrl+Z / Ctrl+Y, and the buttons the island shows). Browser only: Editor.js touches `window`
 * when it is imported, so the island using this is `client:only="react"`.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createReactEditorJS } from 'react-editor-js';
import type EditorJS from '@editorjs/editorjs';
import type { OutputBlockData } from '@editorjs/editorjs';
import Undo from 'editorjs-undo';
import { blocksToHtml, htmlToBlocks, type ParseHtml } from '../../../lib/editor-html';
import { buildTools } from './tools';

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
  onReady: (controls: EditorControls) => void;
}

/** react-editor-js's core: the Editor.js instance is its `dangerouslyLowLevelInstance`. */
interface EditorCoreLike {
  dangerouslyLowLevelInstance: unknown;
}

const HOLDER_ID = 'content-editor';

export function EditorSurface({ initialHtml, labelledBy, uploadImage, onReady }: EditorSurfaceProps) {
  const editorRef = useRef<EditorJS | null>(null);
  const lastBlockIndex = useRef(-1);
  // Created once: Editor.js reads its configuration when it starts.
  const config = useMemo(() => {
    const parse = browserParser();
    return { tools: buildTools({ uploadImage }), blocks: htmlToBlocks(initialHtml, parse) };
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
    return () => {
      holder?.removeEventListener('focusin', remember);
      holder?.removeEventListener('keyup', remember);
      holder?.removeEventListener('mouseup', remember);
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
    onReady({
      async getHtml() {
        const output = await editor.save();
        return blocksToHtml(output.blocks as OutputBlockData[]);
      },
      insertParagraph(html) {
        const count = editor.blocks.getBlocksCount();
        const at = lastBlockIndex.current >= 0 && lastBlockIndex.current < count ? lastBlockIndex.current + 1 : count;
        editor.blocks.insert('paragraph', { text: html }, undefined, at, true);
        lastBlockIndex.current = at;
        editor.caret.setToBlock(at, 'end');
      },
      undo() {
        void undo.undo();
      },
      redo() {
        void undo.redo();
      },
    });
  };

  return (
    <div className="content-editor" role="group" aria-labelledby={labelledBy}>
      <ReactEditorJS
        holder={HOLDER_ID}
        tools={config.tools}
        defaultValue={{ blocks: config.blocks }}
        minHeight={40}
        placeholder="Write your content here…"
        onInitialize={handleInitialize}
        onReady={handleReady}
      />
    </div>
  );
}
