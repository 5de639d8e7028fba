/**
 * DOM helpers that work on any DOM implementation (the browser's, jsdom's): node kinds by their
 * numeric constants, since the global `Node` does not exist in the test runner's Node.js.
 */
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}
export function isText(node: Node): node is Text {
  return node.nodeType === TEXT_NODE;
}
export function isComment(node: Node): node is Comment {
  return node.nodeType === COMMENT_NODE;
}

export function tagName(node: Node): string {
  return isElement(node) ? node.localName : '';
}

/** Elements laid out as blocks: whitespace between them and at their edges does not show. */
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'col',
  'colgroup',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

export function isWhitespaceText(node: Node): boolean {
  return isText(node) && /^[ \t\n\f\r]*$/.test(node.data);
}

/** The HTML of some nodes, serialised by the DOM that parsed them (in a `<div>`). */
export function serializeNodes(nodes: readonly Node[]): string {
  const document = nodes[0]?.ownerDocument;
  if (!document) return '';
  const holder = document.createElement('div');
  for (const node of nodes) holder.appendChild(node.cloneNode(true));
  return holder.innerHTML;
}

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}


/** Escapes text for HTML text content. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
