/**
 * A rich-text area on Editor.js (the post/page editor's content, the newsletter's message). The
 * first HTML draws its box at full size with the content's preview; Editor.js touches `window`
 * when it is imported, so it is fetched as soon as the island's script runs in the browser and
 * mounted after hydration into that box, which it fills in one go once it has rendered. Its fixed
 * toolbar (EditorToolbar.tsx) is in the first HTML too, disabled until Editor.js is there.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { EditorSurfaceProps } from './EditorSurface';
import { previewHtml } from './preview';
import { EditorToolbar, NO_STATE } from './EditorToolbar';
import './rich-text.css';

/** Editor.js and its tools: fetched as soon as the island's script runs in the browser, never on the server. */
const loadSurface = () => import('./EditorSurface').then((module) => ({ default: module.EditorSurface }));
const surface = typeof window === 'undefined' ? null : loadSurface();
const EditorSurface = lazy(() => surface ?? loadSurface());

/**
 * What the area holds until Editor.js is there: the stored content drawn as the editor will draw
 * it, or nothing (new content); and a 'Loading the editor' note that takes no room.
 */
function Waiting({ html }: { html: string }) {
  const preview = useMemo(() => (html ? previewHtml(html) : ''), [html]);
  return (
    <div className="content-editor-waiting">
      {preview && <div className="content-editor-preview" inert aria-hidden="true" dangerouslySetInnerHTML={{ __html: preview }} />}
      <span className={`content-editor-loading text-secondary${preview ? ' content-editor-loading--corner' : ''}`}>
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Loading the editor…
      </span>
    </div>
  );
}

export type RichTextAreaProps = Omit<EditorSurfaceProps, 'waiting'>;

/**
 * On the server and while hydrating, the box with its Waiting content; once mounted in the
 * browser, Editor.js (EditorSurface), which keeps showing the same Waiting content until it has
 * rendered.
 */
export function RichTextArea(props: RichTextAreaProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const waiting = <Waiting html={props.initialHtml} />;
  const box = (
    <div className="content-editor" role="group" aria-labelledby={props.labelledBy} aria-busy="true">
      <EditorToolbar commands={null} state={NO_STATE} extras={props.toolbarExtras} />
      <div className="content-editor-body">{waiting}</div>
    </div>
  );
  if (!mounted) return box;
  return (
    <Suspense fallback={box}>
      <EditorSurface {...props} waiting={waiting} />
    </Suspense>
  );
}
