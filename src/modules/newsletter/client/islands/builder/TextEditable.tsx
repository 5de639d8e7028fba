import { useId, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { TEXT_SIZES } from '../../../builder-rules';
import { cleanTextHtml } from '../../stores/builder/text-html';
import { Icon, type IconName } from './icons';

export interface TextEditableProps {
  html: string;
  selected: boolean;
  /** Typing started: the build has unsaved changes. */
  onTyping: () => void;
  /** The text's HTML (cleaned) when it loses focus: one undo step per editing session. */
  onCommit: (html: string) => void;
}

/** A toolbar button keeps the text's focus and selection (mousedown would take them). */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * A text block written in place: a contentEditable with the email-safe toolbar (bold, italic,
 * underline, link, lists, alignment, colour, size). document.execCommand does the editing, so
 * the browser's own undo works while typing; what it writes is cleaned to the text block's tags
 * and styles when the text loses focus.
 */
export function TextEditable({ html, selected, onTyping, onCommit }: TextEditableProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const range = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const clean = cleanTextHtml(html);

  const remember = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && ref.current?.contains(selection.anchorNode)) range.current = selection.getRangeAt(0).cloneRange();
  };
  /** Runs a command on the text's selection (restored first when a field took the focus). */
  const run = (command: string, value?: string) => {
    const element = ref.current;
    if (!element) return;
    if (document.activeElement !== element) {
      element.focus();
      const selection = window.getSelection();
      if (range.current && selection) {
        selection.removeAllRanges();
        selection.addRange(range.current);
      }
    }
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, value);
    onTyping();
    remember();
  };
  const setSize = (px: string) => {
    if (!px) return;
    // execCommand only knows sizes 1-7: mark the selection with 7, then make those pixels.
    run('fontSize', '7');
    for (const font of Array.from(ref.current?.querySelectorAll('font[size="7"]') ?? [])) {
      const span = document.createElement('span');
      span.style.fontSize = `${px}px`;
      while (font.firstChild) span.appendChild(font.firstChild);
      font.replaceWith(span);
    }
  };
  /** Focus left the text and its toolbar (a toolbar field taking it keeps the session open). */
  const commit = (event: FocusEvent<HTMLDivElement>) => {
    const element = ref.current;
    if (!element || (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) return;
    const next = cleanTextHtml(element.innerHTML);
    if (next !== clean) onCommit(next);
  };

  const button = (label: string, icon: IconName, command: string, value?: string) => (
    <button type="button" className="btn btn-sm btn-ghost-secondary nb-tool" title={label} onMouseDown={keepFocus} onClick={() => run(command, value)}>
      <Icon name={icon} />
      <span className="visually-hidden">{label}</span>
    </button>
  );

  return (
    <div className="nb-text-wrap" onBlur={commit}>
      {selected ? (
        <div className="nb-text-toolbar" role="toolbar" aria-label="Text formatting" aria-controls={`${id}-text`}>
          {button('Bold', 'bold', 'bold')}
          {button('Italic', 'italic', 'italic')}
          {button('Underline', 'underline', 'underline')}
          <button
            type="button"
            className="btn btn-sm btn-ghost-secondary nb-tool"
            title="Link"
            aria-expanded={linking}
            onMouseDown={(event) => {
              keepFocus(event);
              remember();
            }}
            onClick={() => setLinking((on) => !on)}
          >
            <Icon name="link" />
            <span className="visually-hidden">Link</span>
          </button>
          {button('Bulleted list', 'list', 'insertUnorderedList')}
          {button('Numbered list', 'numbers', 'insertOrderedList')}
          {button('Align left', 'alignLeft', 'justifyLeft')}
          {button('Align centre', 'alignCenter', 'justifyCenter')}
          {button('Align right', 'alignRight', 'justifyRight')}
          <label className="nb-colour" title="Text colour">
            <span className="visually-hidden">Text colour</span>
            <input type="color" defaultValue="#1d273b" onMouseDown={remember} onChange={(event) => run('foreColor', event.currentTarget.value)} />
          </label>
          <label className="visually-hidden" htmlFor={`${id}-size`}>
            Text size
          </label>
          <select
            id={`${id}-size`}
            className="form-select form-select-sm nb-size"
            value=""
            onMouseDown={remember}
            onChange={(event) => setSize(event.currentTarget.value)}
          >
            <option value="">Size</option>
            {TEXT_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} px
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {selected && linking ? (
        <form
          className="nb-link-form"
          onSubmit={(event) => {
            event.preventDefault();
            setLinking(false);
            if (/^(https?:\/\/.+|mailto:.+)/i.test(href.trim())) run('createLink', href.trim());
          }}
        >
          <label className="visually-hidden" htmlFor={`${id}-href`}>
            Link address
          </label>
          <input id={`${id}-href`} className="form-control form-control-sm" type="url" value={href} onChange={(event) => setHref(event.currentTarget.value)} />
          <button type="submit" className="btn btn-sm btn-primary">
            Add link
          </button>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setLinking(false);
              run('unlink');
            }}
          >
            Remove link
          </button>
        </form>
      ) : null}
      <div
        id={`${id}-text`}
        ref={ref}
        className="nb-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="Text"
        tabIndex={0}
        dangerouslySetInnerHTML={{ __html: clean }}
        onInput={onTyping}
        onKeyUp={remember}
        onMouseUp={remember}
      />
    </div>
  );
}
