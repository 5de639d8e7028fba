/**
 * Types for the Editor.js plugins that ship none. Only tools.ts and EditorSurface.tsx import these
 * modules; everything else sees the typed wrappers.
 */
declare module 'editorjs-text-alignment-blocktune' {
  /** The tune as we extend it: render() builds the three alignment buttons. */
  export default class AlignmentTune {
    constructor(options: { api: unknown; data: unknown; config: unknown; block: unknown });
    render(): HTMLElement;
  }
}

declare module 'editorjs-undo' {
  import type EditorJS from '@editorjs/editorjs';
  import type { OutputData } from '@editorjs/editorjs';
  interface UndoOptions {
    editor: EditorJS;
    maxLength?: number;
    onUpdate?: () => void;
    config?: { debounceTimer?: number; shortcuts?: { undo?: string[]; redo?: string[] } };
  }
  export default class Undo {
    constructor(options: UndoOptions);
    initialize(data: OutputData): void;
    undo(): Promise<void>;
    redo(): Promise<void>;
    canUndo(): boolean;
    canRedo(): boolean;
    clear(): void;
  }
}
