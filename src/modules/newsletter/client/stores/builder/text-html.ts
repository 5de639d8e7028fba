/**
 * The builder's own cut of a text block's HTML to what the toolbar may produce (TEXT_TAGS, the
 * styles TEXT_STYLES, `href` on links to http, https and mailto), for what the canvas shows and
 * what it reads back from the contentEditable. The server sanitises again; this keeps the canvas
 * honest about what will be sent and keeps stored markup from running in the editor. String-based
 * (no DOM), so the server's first HTML and the browser's agree, and no library ships.
 *
 * Tags are rebuilt from their parsed name and allowed attributes, never copied; text outside a
 * known tag is escaped; the content of script-like elements is dropped.
 */
import { TEXT_ALIGNS, TEXT_STYLES, TEXT_TAGS } from '../../../builder-rules';

export interface CleanOptions {
  /** The school's frame (header and footer): images and simple tables too. */
  frame?: boolean;
}

const FRAME_TAGS = [
  'img',
  'table',
  'tbody',
  'tr',
  'td',
  'th',
  'hr',
  'p',
  'div',
  'span',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'small',
];
const VOID = new Set(['br', 'img', 'hr']);
const DROP_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'textarea', 'title', 'head', 'svg', 'math', 'select']);
const FRAME_STYLES = [
  'color',
  'font-size',
  'text-align',
  'margin',
  'padding',
  'line-height',
  'font-weight',
  'background-color',
  'width',
  'max-width',
  'height',
];

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<[!?][^>]*>?/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text between tags: entities stay (they are already text), a stray < or > is escaped. */
function cleanText(text: string): string {
  return text
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]{1,31};|#[0-9]{1,7};|#x[0-9a-fA-F]{1,6};)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function hex(n: string): string {
  return Math.min(255, Number(n)).toString(16).padStart(2, '0');
}

/** One style value, or null when it is not a safe one for that property. */
function cleanStyleValue(property: string, value: string): string | null {
  const v = value.trim().toLowerCase();
  if (property === 'color' || property === 'background-color') {
    if (/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/.test(v)) return v;
    const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(v);
    if (rgb) return `#${hex(rgb[1]!)}${hex(rgb[2]!)}${hex(rgb[3]!)}`;
    return /^[a-z]{3,20}$/.test(v) ? v : null;
  }
  if (property === 'text-align') return (TEXT_ALIGNS as readonly string[]).includes(v) || v === 'justify' ? v : null;
  if (property === 'font-weight') return /^(bold|normal|[1-9]00)$/.test(v) ? v : null;
  // Lengths: font-size, margins, paddings, widths.
  return /^(?:-?\d{1,4}(?:\.\d+)?(?:px|%|em|rem)?|auto)(?:\s+(?:-?\d{1,4}(?:\.\d+)?(?:px|%|em|rem)?|auto)){0,3}$/.test(v) ? v : null;
}

function cleanStyle(style: string, allowed: readonly string[]): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    if (!allowed.includes(property)) continue;
    const value = cleanStyleValue(property, declaration.slice(colon + 1));
    if (value !== null) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function safeUrl(value: string, images: boolean): boolean {
  // The decoded value must start with the scheme itself: no leading space or control character.
  return images ? /^(https?:\/\/|\/[^/\\])/i.test(value) : /^(https?:\/\/|mailto:)/i.test(value);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** An attribute's value as the browser reads it (the entities serialisers write); it is escaped again on the way out. */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|([a-zA-Z]+));?/g, (whole, dec?: string, hexa?: string, name?: string) => {
    const code = dec ? Number(dec) : hexa ? parseInt(hexa, 16) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED[name!.toLowerCase()] ?? whole;
  });
}

function attributesOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

/** The opening tag rebuilt with only what is allowed; `font` (execCommand's colour) becomes a span. */
function openTag(name: string, source: string, frame: boolean): string {
  const attributes = attributesOf(source);
  const out: string[] = [];
  let styles = cleanStyle(attributes.get('style') ?? '', frame ? FRAME_STYLES : TEXT_STYLES);
  if (name === 'font') {
    const colour = cleanStyleValue('color', attributes.get('color') ?? '');
    if (colour) styles = [`color: ${colour}`, styles].filter(Boolean).join('; ');
  }
  const align = attributes.get('align');
  if (align && !styles.includes('text-align') && cleanStyleValue('text-align', align))
    styles = [styles, `text-align: ${align.toLowerCase()}`].filter(Boolean).join('; ');
  if (name === 'a') {
    const href = attributes.get('href');
    if (href && safeUrl(href, false)) out.push(`href="${escapeHtml(href)}"`);
  }
  if (frame && name === 'img') {
    const src = attributes.get('src');
    if (!src || !safeUrl(src, true)) return '';
    out.push(`src="${escapeHtml(src)}"`, `alt="${escapeHtml(attributes.get('alt') ?? '')}"`);
    for (const size of ['width', 'height']) {
      const value = attributes.get(size);
      if (value && /^\d{1,4}$/.test(value)) out.push(`${size}="${value}"`);
    }
  }
  if (styles) out.push(`style="${escapeHtml(styles)}"`);
  const tag = name === 'font' ? 'span' : name;
  return `<${tag}${out.length ? ` ${out.join(' ')}` : ''}>`;
}

/** A text block's (or, with `frame`, the school frame's) HTML cut to what the email may hold. */
export function cleanTextHtml(html: string, options: CleanOptions = {}): string {
  const frame = options.frame === true;
  const allowed = new Set<string>([...(frame ? FRAME_TAGS : TEXT_TAGS), 'font']);
  const open: string[] = [];
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  for (const match of html.matchAll(TOKEN)) {
    const text = html.slice(last, match.index);
    last = match.index + match[0].length;
    if (!dropping) out += cleanText(text);
    const name = match[1]?.toLowerCase();
    if (!name) continue; // a comment, doctype or processing instruction
    const closing = match[0].startsWith('</');
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!allowed.has(name)) continue;
    const tag = name === 'font' ? 'span' : name;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      // Closing an outer tag closes what is still open inside it, so the output stays balanced.
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    const rebuilt = openTag(name, match[2] ?? '', frame);
    if (!rebuilt) continue;
    out += rebuilt;
    if (!VOID.has(tag)) open.push(tag);
  }
  if (!dropping) out += cleanText(html.slice(last));
  while (open.length) out += `</${open.pop()!}>`;
  return out;
}
