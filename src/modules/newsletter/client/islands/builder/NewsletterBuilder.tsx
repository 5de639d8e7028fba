import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../../ui/islands/ui.css';
import './builder.css';
import { ConfirmDialog } from '../../../../../ui/islands/ConfirmDialog';
import { useLeaveGuard } from '../../../../../ui/islands/useLeaveGuard';
import { createBuilderStore, type BuilderTab, type Frame } from '../../stores/builder/builder';
import { intoColumnTarget, locate, outOfColumnTarget, stepTarget } from '../../stores/builder/document';
import { cleanTextHtml } from '../../stores/builder/text-html';
import { MAX_BUILD_NAME_LENGTH, NEW_BUILD_NAME, PROVIDER_TEMPLATES, REGIONS, REGION_LABELS, type ProviderTemplateKey } from '../../../builder-rules';
import type { StoredBuild, Template } from '../../../builder-contract';
import { sendQuotaNotice, type SendQuota } from '../../../sends';
import { BlockList } from './BlockView';
import { Palette } from './Palette';
import { StylePanel } from './StylePanel';
import { FitNote } from './workspace/FitNote';
import { SaveState } from './workspace/SaveState';
import { useCanvasFit } from './workspace/useCanvasFit';
import { useRevealAdded } from './workspace/useRevealAdded';
import { useBuilderSendCheck } from '../send-check/useBuilderSendCheck';
import { TemplatePicker } from './templates/TemplatePicker';

const PreviewDialog = lazy(() => import('./dialogs/PreviewDialog'));
const FrameDialog = lazy(() => import('./dialogs/FrameDialog'));

export interface NewsletterBuilderProps {
  stored: StoredBuild;
  templates: Template[];
  /** The school's header and footer around every email: HTML, and blocks unless written as HTML. */
  frame: Frame;
  /** The school's daily send quota when the page was made: the Send tab says when little is left. */
  quota: SendQuota;
}

const TABS: Array<{ id: BuilderTab; label: string }> = [
  { id: 'blocks', label: '1 Blocks' },
  { id: 'style', label: '2 Style' },
  { id: 'send', label: '3 Send' },
];

/** What waits for the discard question: a new build, a template to load, or a provider template to start from. */
type Pending = { kind: 'new' } | { kind: 'template'; id: number } | { kind: 'provider'; key: ProviderTemplateKey } | null;

const CONFIRM_PATH = '/newsletter/send/builder/confirm';

/** Typing in a field or a text block keeps the browser's own undo. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * The newsletter builder: tabs (blocks, style, send) beside the 600 px email (its three regions
 * inside the school's header and footer), undo and redo, Save, New, templates and Preview.
 */
export default function NewsletterBuilder({ stored, templates: initialTemplates, frame: initialFrame, quota }: NewsletterBuilderProps) {
  const id = useId();
  const [store] = useState(() => createBuilderStore({ stored, templates: initialTemplates, frame: initialFrame }));
  const frame = useStore(store.$frame);
  const [editingFrame, setEditingFrame] = useState(false);
  const history = useStore(store.$history);
  const build = history.present;
  const selectedId = useStore(store.$selected);
  const tab = useStore(store.$tab);
  const meta = useStore(store.$meta);
  const templates = useStore(store.$templates);
  const busy = useStore(store.$busy);
  const announcement = useStore(store.$announcement);
  const guard = useLeaveGuard(() => store.isDirty());
  const [pending, setPending] = useState<Pending>(null);
  const quotaNotice = sendQuotaNotice(quota);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState(NEW_BUILD_NAME);
  const [previewing, setPreviewing] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{
    id: string;
    action: string;
  } | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const fit = useCanvasFit(canvasBoxRef);
  useRevealAdded(canvasRef, store);
  const tabRefs = useRef<Record<BuilderTab, HTMLButtonElement | null>>({
    blocks: null,
    style: null,
    send: null,
  });

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere but in a field or a text being written.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) store.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') store.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  // After a block's button moved, copied or deleted it, focus stays on something useful.
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    const block = canvasRef.current?.querySelector(`[data-block-id="${CSS.escape(focusTarget.id)}"]`);
    const order = [focusTarget.action, 'up', 'down', 'style'];
    const button = order
      .map((action) => block?.querySelector<HTMLButtonElement>(`:scope > .nb-block-bar [data-action="${action}"]:not([disabled])`))
      .find(Boolean);
    (button ?? canvasRef.current)?.focus();
  }, [focusTarget, build]);

  const onAction = useCallback(
    (blockId: string, action: string) => {
      if (action === 'delete') setFocusTarget({ id: '', action });
      else if (action === 'duplicate')
        setFocusTarget({
          id: store.$selected.get() ?? blockId,
          action: 'style',
        });
      else if (action !== 'style') setFocusTarget({ id: blockId, action });
    },
    [store],
  );
  const canOf = useCallback(
    (blockId: string) => ({
      up: stepTarget(build, blockId, -1) !== null,
      down: stepTarget(build, blockId, 1) !== null,
      into: intoColumnTarget(build, blockId) !== null || locate(build, blockId)?.block.type === 'columns',
      out: outOfColumnTarget(build, blockId) !== null,
    }),
    [build],
  );

  const selectTab = (next: BuilderTab) => {
    store.$tab.set(next);
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const move = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: TABS.length - 1 - index,
    }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    selectTab(TABS[(index + move + TABS.length) % TABS.length]!.id);
  };

  const ask = (next: NonNullable<Pending>) => {
    if (store.isDirty()) setPending(next);
    else proceed(next);
  };
  const proceed = (next: NonNullable<Pending>) => {
    if (next.kind === 'new') {
      setName(NEW_BUILD_NAME);
      setNaming(true);
    } else if (next.kind === 'provider') void store.newBuild(PROVIDER_TEMPLATES.find((t) => t.key === next.key)?.name ?? NEW_BUILD_NAME, next.key);
    else void store.loadTemplate(next.id);
  };
  // The pre-send checklist first (issue 29 §2): nothing goes out looking broken.
  const sendCheck = useBuilderSendCheck(store);
  const goSend = (test: boolean) =>
    sendCheck.check(test ? 'test' : 'newsletter', async () => {
      if (!(await store.save({ quiet: true }))) return;
      guard.leaveNow(`${CONFIRM_PATH}?id=${store.$meta.get().id}${test ? '&test=1' : ''}`);
    });

  const selected = selectedId ? (locate(build, selectedId)?.block ?? null) : null;
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;

  return (
    <div className="nb-builder">
      <div className="card nb-topbar">
        <div className="card-body d-flex flex-wrap align-items-center gap-2">
          <div className="me-auto">
            <span className="text-secondary">Editing</span> <strong className="nb-build-name">{meta.name}</strong>
          </div>
          <button type="button" className="btn" onClick={() => store.undo()} disabled={!canUndo} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" className="btn" onClick={() => store.redo()} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
          <button type="button" className="btn" onClick={() => setPreviewing(true)}>
            Preview
          </button>
          <button type="button" className="btn nb-frame-button" onClick={() => setEditingFrame(true)}>
            Header and footer
          </button>
          <button type="button" className="btn" onClick={() => ask({ kind: 'new' })} disabled={busy}>
            New
          </button>
          <TemplatePicker
            templates={templates}
            busy={busy}
            onSchool={(templateId) => ask({ kind: 'template', id: templateId })}
            onProvider={(key) => ask({ kind: 'provider', key })}
          />
          <SaveState store={store} id={`${id}-save-state`} />
          <button type="button" className="btn btn-primary nb-save" onClick={() => void store.save()} disabled={busy} aria-describedby={`${id}-save-state`}>
            Save
          </button>
        </div>
      </div>

      <div className="nb-workspace">
        <aside className="card nb-side">
          <div className="card-header">
            <div className="nav nav-tabs card-header-tabs" role="tablist" aria-label="Builder" onKeyDown={onTabKey}>
              {TABS.map((t) => (
                <button
                  key={t.id}
                  ref={(element) => {
                    tabRefs.current[t.id] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${t.id}`}
                  className={`nav-link${tab === t.id ? ' active' : ''}`}
                  aria-selected={tab === t.id}
                  aria-controls={`${id}-panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => store.$tab.set(t.id)}
                >
                  {t.label}
                </button>
              ))}
            </div>
          </div>
          {TABS.map((t) => (
            <div
              key={t.id}
              className="card-body"
              role="tabpanel"
              id={`${id}-panel-${t.id}`}
              aria-labelledby={`${id}-tab-${t.id}`}
              hidden={tab !== t.id}
              tabIndex={0}
            >
              {t.id === 'blocks' ? <Palette store={store} /> : null}
              {t.id === 'style' ? <StylePanel store={store} block={selected} /> : null}
              {t.id === 'send' ? (
                <div className="d-grid gap-2">
                  {quotaNotice ? (
                    <div className="alert alert-warning mb-1" role="note">
                      <h2 className="alert-title h4">{quotaNotice.title}</h2>
                      <p className="mb-0">{quotaNotice.text}</p>
                    </div>
                  ) : null}
                  <p className="text-secondary mb-1">The newsletter is saved, then you choose who it goes to, its subject and its sender.</p>
                  <a
                    className="btn btn-primary"
                    href={`${CONFIRM_PATH}?id=${meta.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      void goSend(false);
                    }}
                  >
                    Send newsletter
                  </a>
                  <a
                    className="btn"
                    href={`${CONFIRM_PATH}?id=${meta.id}&test=1`}
                    onClick={(event) => {
                      event.preventDefault();
                      void goSend(true);
                    }}
                  >
                    Send test
                  </a>
                </div>
              ) : null}
            </div>
          ))}
        </aside>

        <div className="nb-canvas-scroll" ref={canvasBoxRef}>
          <FitNote fit={fit} />
          <div
            className={`nb-canvas${fit.zoom < 1 ? ' is-fitted' : ''}`}
            ref={canvasRef}
            tabIndex={-1}
            aria-label="The email"
            role="region"
            // The controls inside the email keep their real size (--nb-unzoom undoes the zoom for them).
            style={fit.zoom < 1 ? ({ zoom: fit.zoom, '--nb-unzoom': 1 / fit.zoom } as CSSProperties) : undefined}
          >
            <div
              className="nb-frame"
              dangerouslySetInnerHTML={{
                __html: cleanTextHtml(frame.header, { frame: true }),
              }}
            />
            {REGIONS.map((region, index) => (
              <section key={region} className="nb-region" aria-labelledby={`${id}-region-${region}`}>
                <h2 className="nb-region-label" id={`${id}-region-${region}`}>
                  {REGION_LABELS[region]}
                </h2>
                <BlockList
                  list={{ region }}
                  blocks={build[index as 0 | 1 | 2]}
                  label={REGION_LABELS[region]}
                  store={store}
                  selectedId={selectedId}
                  onAction={onAction}
                  canOf={canOf}
                />
              </section>
            ))}
            <div
              className="nb-frame"
              dangerouslySetInnerHTML={{
                __html: cleanTextHtml(frame.footer, { frame: true }),
              }}
            />
          </div>
        </div>
      </div>

      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <ConfirmDialog
        open={pending !== null}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        danger
        onConfirm={() => {
          const next = pending;
          setPending(null);
          if (next) proceed(next);
        }}
        onCancel={() => setPending(null)}
      >
        {`“${meta.name}” has changes that are not saved. They will be lost.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={naming}
        title="New newsletter"
        confirmLabel="Create"
        onConfirm={() => {
          setNaming(false);
          void store.newBuild(name.trim() || NEW_BUILD_NAME);
        }}
        onCancel={() => setNaming(false)}
      >
        <label className="form-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="form-control"
          maxLength={MAX_BUILD_NAME_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            setNaming(false);
            void store.newBuild(name.trim() || NEW_BUILD_NAME);
          }}
        />
      </ConfirmDialog>
      {previewing ? (
        <Suspense fallback={null}>
          <PreviewDialog render={() => store.render()} onClose={() => setPreviewing(false)} />
        </Suspense>
      ) : null}
      {editingFrame ? (
        <Suspense fallback={null}>
          <FrameDialog frame={frame} busy={busy} onSave={(next) => store.saveFrame(next)} onClose={() => setEditingFrame(false)} />
        </Suspense>
      ) : null}
      {sendCheck.dialog}
      {guard.dialog}
    </div>
  );
}
