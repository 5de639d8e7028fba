/**
 * DOM equivalence of two HTML fragments: the same elements in the same order, with the same
 * attributes and the same text and comments. Whitespace that does not show is ignored: whitespace
 * text between block elements, and whitespace at a text's edge where it meets a block element or
 * the edge of a block. Attribute order is ignored, a style attribute is compared declaration by
 * declaration (`text-align:center` = `text-align: center;`) and a class attribute token by token.
 */
import type { ParseHtml } from './types';
import { BLOCK_ELEMENTS, isComment, isElement, isText, isWhitespaceText } from './dom';

type Normal =
  | { kind: 'element'; name: string; attributes: Map<string, string>; children: Normal[] }
  | { kind: 'text'; text: string }
  | { kind: 'comment'; text: string };

const EDGE_SPACE_START = /^[ \t\n\f\r]+/;
const EDGE_SPACE_END = /[ \t\n\f\r]+$/;

export function normalizeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return declaration.trim().toLowerCase();
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim().replace(/\s+/g, ' ');
      return `${property}: ${value}`;
    })
    .filter((declaration) => declaration !== '')
    .join('; ');
}

function normalizeAttribute(name: string, value: string): string {
  if (name === 'style') return normalizeStyle(value);
  if (name === 'class') return value.split(/[ \t\n\f\r]+/).filter(Boolean).sort().join(' ');
  return value;
}

/** The nearest sibling that is neither a comment nor whitespace-only text, in one direction. */
function neighbour(node: Node, direction: 'previous' | 'next'): Node | null {
  let current = direction === 'previous' ? node.previousSibling : node.nextSibling;
  while (current && (isComment(current) || isWhitespaceText(current))) {
    current = direction === 'previous' ? current.previousSibling : current.nextSibling;
  }
  return current;
}

function isBlock(node: Node | null): boolean {
  return node !== null && isElement(node) && BLOCK_ELEMENTS.has(node.localName);
}

function normalizeChildren(parent: Node, parentIsBlock: boolean): Normal[] {
  const out: Normal[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (isText(child)) {
      let text = child.data;
      const previous = neighbour(child, 'previous');
      const next = neighbour(child, 'next');
      if ((previous === null && parentIsBlock) || isBlock(previous)) text = text.replace(EDGE_SPACE_START, '');
      if ((next === null && parentIsBlock) || isBlock(next)) text = text.replace(EDGE_SPACE_END, '');
      if (text === '') continue;
      const last = out[out.length - 1];
      if (last && last.kind === 'text') last.text += text;
      else out.push({ kind: 'text', text });
    } else if (isComment(child)) {
      out.push({ kind: 'comment', text: child.data });
    } else if (isElement(child)) {
      const attributes = new Map<string, string>();
      for (const attribute of Array.from(child.attributes)) attributes.set(attribute.name, normalizeAttribute(attribute.name, attribute.value));
      // <template> keeps its children in its content fragment.
      const container = child.localName === 'template' && 'content' in child ? (child.content as DocumentFragment) : child;
      out.push({
        kind: 'element',
        name: child.localName,
        attributes,
        children: normalizeChildren(container, BLOCK_ELEMENTS.has(child.localName)),
      });
    }
  }
  return out;
}

function describe(node: Normal | undefined): string {
  if (!node) return 'nothing';
  if (node.kind === 'text') return `text ${JSON.stringify(node.text.length > 80 ? `${node.text.slice(0, 80)}…` : node.text)}`;
  if (node.kind === 'comment') return `comment ${JSON.stringify(node.text.slice(0, 80))}`;
  return `<${node.name}>`;
}

function compareLists(a: Normal[], b: Normal[], path: string): string | null {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a[i];
    const y = b[i];
    const here = `${path}/${i}`;
    if (!x || !y || x.kind !== y.kind) return `${here}: ${describe(x)} vs ${describe(y)}`;
    if (x.kind === 'text' || x.kind === 'comment') {
      if (y.kind !== x.kind || x.text !== y.text) return `${here}: ${describe(x)} vs ${describe(y)}`;
      continue;
    }
    if (y.kind !== 'element') return `${here}: ${describe(x)} vs ${describe(y)}`;
    if (x.name !== y.name) return `${here}: <${x.name}> vs <${y.name}>`;
    const names = new Set([...x.attributes.keys(), ...y.attributes.keys()]);
    for (const name of names) {
      const xv = x.attributes.get(name);
      const yv = y.attributes.get(name);
      if (xv !== yv) return `${here} <${x.name}> attribute ${name}: ${JSON.stringify(xv)} vs ${JSON.stringify(yv)}`;
    }
    const inner = compareLists(x.children, y.children, `${here}<${x.name}>`);
    if (inner) return inner;
  }
  return null;
}

/** Null when the two fragments are DOM-equivalent, otherwise where and how they first differ. */
export function domDifference(a: string, b: string, parse: ParseHtml): string | null {
  return compareLists(normalizeChildren(parse(a), true), normalizeChildren(parse(b), true), '');
}

export function isDomEquivalent(a: string, b: string, parse: ParseHtml): boolean {
  return domDifference(a, b, parse) === null;
}
