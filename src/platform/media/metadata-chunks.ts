/**
 * PNG, WebP and GIF read as their chunks (GIF: blocks and extensions), so that metadata can be
 * dropped without decoding: pixels and animation frames stay byte for byte. Each walker keeps
 * only what draws the picture, its colour profile or its animation, and answers null for a file
 * it cannot follow (the caller re-encodes that one instead).
 */

/** A container read as byte ranges to keep; `blocks` names the kept chunks (or GIF extensions). */
export interface Walk {
  keep: Array<[number, number]>;
  blocks: Set<string>;
  /** Whether anything was left out: metadata, or bytes after the image's end. */
  dropped: boolean;
}

export interface Container {
  /** The walk of a well-formed file, null for anything it cannot follow. */
  walk(bytes: Buffer): Walk | null;
  /** Fixes headers that describe what was dropped. */
  finish(joined: Buffer): Buffer;
}

/** Chunks that mark an animation, which sharp would reduce to its first frame. */
export const ANIMATION_BLOCKS = ['acTL', 'ANIM'];

/**
 * PNG chunks that draw the picture, its colour or its animation. Everything else goes: eXIf,
 * text chunks (which carry XMP and 'Raw profile type exif'), C2PA and private chunks.
 */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'cLLI', 'bKGD', 'hIST', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

function walkPng(bytes: Buffer): Walk | null {
  const walk: Walk = { keep: [[0, 8]], blocks: new Set(), dropped: false };
  for (let at = 8; at + 12 <= bytes.length; ) {
    const end = at + 12 + bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (end > bytes.length) return null;
    keepOrDrop(walk, PNG_KEEP.has(type), type, at, end);
    if (type === 'IEND') return { ...walk, dropped: walk.dropped || end < bytes.length };
    at = end;
  }
  return null;
}

/** WebP chunks that draw the picture, its alpha, its colour profile or its animation. */
const WEBP_KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function walkWebp(bytes: Buffer): Walk | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return null;
  const walk: Walk = { keep: [[0, 12]], blocks: new Set(), dropped: riffEnd < bytes.length };
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) return null;
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return null;
    const type = bytes.toString('latin1', at, at + 4);
    keepOrDrop(walk, WEBP_KEEP.has(type), type, at, end);
    at = end;
  }
  return walk;
}

/** The RIFF size and the extended header's EXIF (0x08) and XMP (0x04) flags, after dropping chunks. */
function finishWebp(joined: Buffer): Buffer {
  joined.writeUInt32LE(joined.length - 8, 4);
  if (joined.toString('latin1', 12, 16) === 'VP8X') joined.writeUInt8(joined.readUInt8(20) & ~0x0c, 20);
  return joined;
}

/** GIF application extensions that loop an animation or hold its colour profile; comments and others (XMP) go. */
const GIF_KEEP_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);
const GIF_IMAGE = 0x2c;
const GIF_EXTENSION = 0x21;
const GIF_TRAILER = 0x3b;

function walkGif(bytes: Buffer): Walk | null {
  if (bytes.length < 13) return null;
  let at = 13 + gifColourTableLength(bytes.readUInt8(10));
  const walk: Walk = { keep: [[0, at]], blocks: new Set(), dropped: false };
  while (at < bytes.length) {
    const introducer = bytes.readUInt8(at);
    if (introducer === GIF_TRAILER) {
      walk.keep.push([at, at + 1]);
      return { ...walk, dropped: walk.dropped || at + 1 < bytes.length };
    }
    const end = introducer === GIF_IMAGE ? gifImageEnd(bytes, at) : introducer === GIF_EXTENSION ? gifSubBlocksEnd(bytes, at + 2) : null;
    if (end === null) return null;
    const name = introducer === GIF_IMAGE ? 'image' : gifExtensionName(bytes, at);
    keepOrDrop(walk, name !== null, name ?? '', at, end);
    at = end;
  }
  // Decoders accept a GIF that ends without its trailer; so does this walk.
  return at === bytes.length ? walk : null;
}

/** The name of an extension to keep (graphic control, plain text, a kept application), else null. */
function gifExtensionName(bytes: Buffer, at: number): string | null {
  const label = bytes.readUInt8(at + 1);
  if (label === 0xf9 || label === 0x01) return `extension ${label}`;
  if (label !== 0xff || bytes.readUInt8(at + 2) !== 11) return null;
  const application = bytes.toString('latin1', at + 3, at + 14);
  return GIF_KEEP_APPLICATIONS.has(application) ? application : null;
}

function gifColourTableLength(packed: number): number {
  return packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0;
}

function gifImageEnd(bytes: Buffer, at: number): number | null {
  if (at + 10 > bytes.length) return null;
  // Descriptor (10 bytes), local colour table, LZW code size (1 byte), then the data sub-blocks.
  return gifSubBlocksEnd(bytes, at + 10 + gifColourTableLength(bytes.readUInt8(at + 9)) + 1);
}

/** Where a chain of sub-blocks ends, after its empty terminator (XMP's "magic trailer" ends there too). */
function gifSubBlocksEnd(bytes: Buffer, start: number): number | null {
  for (let at = start; at < bytes.length; at += 1 + bytes.readUInt8(at)) {
    if (bytes.readUInt8(at) === 0) return at + 1;
  }
  return null;
}

function keepOrDrop(walk: Walk, keep: boolean, name: string, start: number, end: number): void {
  if (!keep) {
    walk.dropped = true;
    return;
  }
  walk.keep.push([start, end]);
  walk.blocks.add(name);
}

const unchanged = (joined: Buffer): Buffer => joined;

export const CONTAINERS: Record<'png' | 'webp' | 'gif', Container> = {
  png: { walk: walkPng, finish: unchanged },
  webp: { walk: walkWebp, finish: finishWebp },
  gif: { walk: walkGif, finish: unchanged },
};
