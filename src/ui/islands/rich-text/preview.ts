/**
 * What the content area shows before Editor.js is there, in edit mode: the stored content itself
 * (sanitised when it was saved, as the public site shows it), drawn with Editor.js's block
 * spacing (editor.css), so the first paint has the content where the editor will put it and the
 * parts below the editor do not move when it takes over. Inert and hidden from assistive
 * technology: it is a picture of the content, not the editor.
 *
 * Embedded players (iframes, video, audio, objects) are left out: Editor.js shows them as HTML
 * source, and they would load their sources for a moment's preview; so are images over plain
 * http, which the portal's pages may not load (Content-Security-Policy). Other images stay as
 * they are (loaded at once, as Editor.js loads them: a lazy one would arrive after the first
 * paint and move the text around it).
 */
const PLAYERS = /<(iframe|video|audio|object)\b[^>]*>[\s\S]*?<\/\1\s*>|<(?:embed|source|track)\b[^>]*>/gi;
const INSECURE_IMAGE = /<img\b[^>]*?\ssrc="http:[^"]*"[^>]*>/gi;

export function previewHtml(content: string): string {
  return content.replace(PLAYERS, '').replace(INSECURE_IMAGE, '');
}

/** Elements a preview never shows: they run, style the whole page, or leave it. */
const DROPPED = new Set(['script', 'style', 'link', 'meta', 'base', 'template', 'noscript', 'title']);
/** Embedded players and form controls: named by a placeholder instead of loaded or made focusable. */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  iframe: 'Embedded content',
  object: 'Embedded content',
  embed: 'Embedded content',
  video: 'Video',
  audio: 'Audio',
  form: 'Form',
  input: 'Form field',
  select: 'Form field',
  textarea: 'Form field',
  button: 'Button',
};
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background']);
const SAFE_URL = /^(?:https:|\/|#|\.|mailto:|tel:|data:image\/(?:png|gif|jpeg|webp);)/i;

function cleanTree(root: ParentNode, doc: Document): void {
  for (const node of Array.from(root.children)) {
    const name = node.localName;
    if (DROPPED.has(name)) {
      node.remove();
      continue;
    }
    const placeholder = PLACEHOLDERS[name];
    if (placeholder) {
      const stand = doc.createElement('span');
      stand.className = 'editor-raw__placeholder';
      stand.textContent = `[${placeholder}]`;
      node.replaceWith(stand);
      continue;
    }
    for (const attribute of Array.from(node.attributes)) {
      const attributeName = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      if (attributeName.startsWith('on') || attributeName === 'id' || attributeName === 'tabindex' || attributeName === 'contenteditable') node.removeAttribute(attribute.name);
      else if (URL_ATTRIBUTES.has(attributeName) && value !== '' && !SAFE_URL.test(value)) node.removeAttribute(attribute.name);
    }
    // Links show as links but are not stops of the keyboard's way through the editor.
    if (name === 'a' || name === 'area') node.setAttribute('tabindex', '-1');
    cleanTree(node, doc);
  }
}

/**
 * What a raw-HTML block shows in the editor: its HTML rendered, made safe. Parsed in an inert
 * document (nothing runs or loads), then scripts, styles and event handlers go, links to other
 * than https, site or mail addresses lose them, embedded players and form controls become named
 * placeholders and ids go (they could clash with the portal's). Images over plain http are left
 * out as in `previewHtml` (the portal's pages may not load them).
 */
export function rawPreviewFragment(html: string, into: Document): DocumentFragment {
  const inert = document.implementation.createHTMLDocument('');
  const holder = inert.createElement('div');
  holder.innerHTML = html.replace(INSECURE_IMAGE, '');
  cleanTree(holder, inert);
  const fragment = into.createDocumentFragment();
  for (const child of Array.from(holder.childNodes)) fragment.append(into.importNode(child, true));
  return fragment;
}
