/**
 * Pictures that imported content hot-links from other sites (a WordPress export's images stay on
 * the old site: `<img src="https://example.files.wordpress.com/...">`), found and rewritten to
 * local addresses. Pure functions over content as the sanitiser writes it (sanitizeContent): every
 * attribute double-quoted, its value escaped (&amp; &lt; &gt; &quot;), no comments, and a `<` in
 * text escaped; so tags are read with patterns, and what is not rewritten stays byte for byte.
 *
 * A picture is one address without its query and fragment (`photo.jpg?w=150` is `photo.jpg`
 * made smaller): it gets one local stand-in wherever it appears, as
 * - `<img src>`, `<img srcset>`, `<source srcset>` (and `<source src>` of an image type),
 *   `<video poster>`;
 * - `url(...)` in a style attribute (a cover block's background);
 * - a link (`<a href>`) to an image file: the full-size picture a thumbnail opens.
 * Audio and video from other sites cannot be stood in for: they are kept, marked
 * `preload="none"`, so a page loads nothing from elsewhere until a visitor presses play.
 */

/** What the content says of a picture's size: the first explicit width and height anywhere wins. */
export interface PictureHints {
  /** Its last path segment, decoded (`canola2.jpg`), for the stand-in's label and title. */
  name: string;
  width?: number;
  height?: number;
  /** A width alone (an <img width> without height, or WordPress's `?w=`), when no pair is known. */
  widthOnly?: number;
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?|svg)$/i;

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g;
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:="([^"]*)")?/g;
const MEDIA_ELEMENT = /<(audio|video)\b[^>]*>[\s\S]*?<\/\1>/g;
const CSS_URL = /url\(\s*(["']?)([^"')]*)\1\s*\)/gi;

function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '');
}

function encodeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * The picture an address names when it is on another site (http, https or protocol-relative):
 * the address without query and fragment; null for local and non-web addresses.
 */
export function externalPictureKey(address: string): string | null {
  const value = address.trim();
  if (!/^(?:https?:)?\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value.startsWith('//') ? `https:${value}` : value);
  } catch {
    return null;
  }
  if (!url.hostname) return null;
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** An address on another site that links to an image file (by its extension). */
function isExternalImageFile(address: string): boolean {
  const key = externalPictureKey(address);
  return key !== null && IMAGE_FILE.test(new URL(key).pathname);
}

function pictureName(key: string): string {
  const segment = new URL(key).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d{1,5}\s*(?:px)?\s*$/.test(value)) return undefined;
  const n = Number.parseInt(value, 10);
  return n > 0 ? n : undefined;
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[2] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeAttribute(match[3] ?? ''));
  }
  return attributes;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/**
 * A srcset cut into its text, every piece kept (joined, they are the srcset again): each address
 * (`url: true`) and what lies between (separators and descriptors), as the HTML standard reads a
 * srcset: an address is a run of non-space characters, without the commas that end it.
 */
function srcsetPieces(srcset: string): Array<{ text: string; url: boolean }> {
  const pieces: Array<{ text: string; url: boolean }> = [];
  const n = srcset.length;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && (isSpace(srcset[j]) || srcset[j] === ',')) j += 1;
    if (j > i) pieces.push({ text: srcset.slice(i, j), url: false });
    if (j >= n) break;
    i = j;
    while (j < n && !isSpace(srcset[j])) j += 1;
    let end = j;
    while (end > i && srcset[end - 1] === ',') end -= 1;
    pieces.push({ text: srcset.slice(i, end), url: true });
    if (end < j) {
      pieces.push({ text: srcset.slice(end, j), url: false });
      i = j;
      continue;
    }
    i = j;
    // Descriptors, up to the comma that ends the candidate (a comma in parentheses does not).
    let depth = 0;
    while (j < n) {
      const c = srcset[j];
      if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      else if (c === ',' && depth <= 0) break;
      j += 1;
    }
    if (j > i) pieces.push({ text: srcset.slice(i, j), url: false });
    i = j;
  }
  return pieces;
}

/** The addresses of a srcset, in order. */
function srcsetAddresses(srcset: string): string[] {
  return srcsetPieces(srcset)
    .filter((piece) => piece.url)
    .map((piece) => piece.text);
}

/** Which of a tag's attributes hold picture addresses (`srcset` a list of them, `style` CSS). */
function pictureAttributes(tag: string, attributes: Map<string, string>): string[] {
  switch (tag) {
    case 'img':
      return ['src', 'srcset', 'style'];
    case 'source':
      return (attributes.get('type') ?? '').toLowerCase().startsWith('image/') ? ['src', 'srcset', 'style'] : ['srcset', 'style'];
    case 'video':
      return ['poster', 'style'];
    case 'a':
      return isExternalImageFile(attributes.get('href') ?? '') ? ['href', 'style'] : ['style'];
    default:
      return ['style'];
  }
}

/** Every address in an attribute's value that can name a picture. */
function addressesIn(name: string, value: string): string[] {
  if (name === 'srcset') return srcsetAddresses(value);
  if (name === 'style') return [...value.matchAll(CSS_URL)].map((m) => m[2] ?? '');
  return [value];
}

/**
 * Adds the pictures on other sites that some content shows or links to, with what it says of
 * their size, to `found` (call it for every item of an import first: a picture shown at its size
 * in one post is then the same size where another shows it without one).
 */
export function collectExternalPictures(html: string, found: Map<string, PictureHints>): void {
  for (const match of html.matchAll(TAG)) {
    const tag = (match[1] ?? '').toLowerCase();
    const attributes = attributesOf(match[2] ?? '');
    for (const name of pictureAttributes(tag, attributes)) {
      const value = attributes.get(name);
      if (value === undefined) continue;
      for (const address of addressesIn(name, value)) {
        const key = externalPictureKey(address);
        if (key === null) continue;
        let hints = found.get(key);
        if (!hints) {
          hints = { name: pictureName(key) };
          found.set(key, hints);
        }
        if (tag !== 'img' || name !== 'src') continue;
        const width = positiveInt(attributes.get('width'));
        const height = positiveInt(attributes.get('height'));
        if (hints.width === undefined && width !== undefined && height !== undefined) {
          hints.width = width;
          hints.height = height;
        }
        const queryWidth = positiveInt(/[?&]w=(\d+)/.exec(address)?.[1]);
        hints.widthOnly ??= width ?? queryWidth;
      }
    }
  }
}

/** Where a picture with these hints is assumed to be 4:3 (most photos) when nothing says otherwise. */
const DEFAULT_SIZE = { width: 800, height: 600 };
/** A stand-in's side is kept within this (a wrong attribute must not make a huge image). */
const MAX_SIDE = 2400;

/**
 * The size to give a picture's stand-in: the content's explicit width and height; else a size in
 * its file name (`photo-1200x400.jpg`); else a known width at 4:3; else 800 x 600.
 */
export function pictureSize(hints: PictureHints): { width: number; height: number } {
  let size: { width: number; height: number };
  const named = /-(\d{2,4})x(\d{2,4})\.[a-z]+$/i.exec(hints.name);
  if (hints.width !== undefined && hints.height !== undefined) size = { width: hints.width, height: hints.height };
  else if (named) size = { width: Number(named[1]), height: Number(named[2]) };
  else if (hints.widthOnly !== undefined) size = { width: hints.widthOnly, height: Math.round((hints.widthOnly * 3) / 4) };
  else size = DEFAULT_SIZE;
  const scale = Math.min(1, MAX_SIDE / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * The content with every picture on another site that `localAddress` knows replaced by its local
 * address (unknown ones are left as they are), and its audio and video from other sites marked
 * `preload="none"`. Everything else is unchanged, byte for byte.
 */
export function rewriteExternalPictures(html: string, localAddress: (key: string) => string | undefined): string {
  const local = (address: string) => {
    const key = externalPictureKey(address);
    return key === null ? undefined : localAddress(key);
  };
  const rewriteValue = (name: string, value: string): string => {
    if (name === 'srcset') {
      return srcsetPieces(value)
        .map((piece) => (piece.url ? (local(piece.text) ?? piece.text) : piece.text))
        .join('');
    }
    if (name === 'style') {
      return value.replace(CSS_URL, (whole, quote: string, address: string) => {
        const replacement = local(address);
        return replacement === undefined ? whole : `url(${quote}${replacement}${quote})`;
      });
    }
    return local(value) ?? value;
  };

  const pictures = html.replace(TAG, (whole: string, rawTag: string, attributeText: string) => {
    const tag = rawTag.toLowerCase();
    const attributes = attributesOf(attributeText);
    const names = new Set(pictureAttributes(tag, attributes));
    let changed = false;
    const rewritten = attributeText.replace(ATTRIBUTE, (attribute, space: string, rawName: string, rawValue: string | undefined) => {
      const name = rawName.toLowerCase();
      if (rawValue === undefined || !names.has(name)) return attribute;
      const value = decodeAttribute(rawValue);
      const next = rewriteValue(name, value);
      if (next === value) return attribute;
      changed = true;
      return `${space}${rawName}="${encodeAttribute(next)}"`;
    });
    // The tag's end (` />` or `>`) as it was.
    return changed ? `<${rawTag}${rewritten}${whole.slice(1 + rawTag.length + attributeText.length)}` : whole;
  });
  return pictures.replace(MEDIA_ELEMENT, (element) => withoutPreload(element));
}

/** An <audio> or <video> element whose own or whose sources' address is on another site, marked preload="none". */
function withoutPreload(element: string): string {
  const external = [...element.matchAll(TAG)].some((match) => {
    const tag = (match[1] ?? '').toLowerCase();
    if (tag !== 'audio' && tag !== 'video' && tag !== 'source' && tag !== 'track') return false;
    const src = attributesOf(match[2] ?? '').get('src');
    return src !== undefined && externalPictureKey(src) !== null;
  });
  if (!external) return element;
  const start = /^<(audio|video)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)(\s*\/?>)/.exec(element);
  if (!start) return element;
  const [whole, tag, attributeText = '', end] = start;
  if (/\spreload="none"/i.test(attributeText)) return element;
  const withNone = /\spreload(?:="[^"]*")?/i.test(attributeText)
    ? attributeText.replace(/(\s)preload(?:="[^"]*")?/i, '$1preload="none"')
    : `${attributeText} preload="none"`;
  return `<${tag}${withNone}${end}${element.slice(whole.length)}`;
}
