import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made on the fly, so no binary fixture can drift from what the tests claim. */

export type TestImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

export function makeImage(format: TestImageFormat, width = 400, height = 300, colour = '#3a7bd5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** SVG with a script, named and typed by the client as a PNG. */
export const SVG_AS_PNG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

/** An HTML page with a script, as a browser would render it. */
export const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export const TEXT_FILE = Buffer.from('Term dates\n1 September - 20 December\n');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real decompression bomb: a valid 1-bit greyscale PNG of 30000 x 30000 pixels (900 million,
 * several GB once decoded to RGBA) that weighs about 110 KB. Built by hand because sharp itself
 * refuses to create an image that large.
 */
export function makeBombPng(size = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter byte 0, then size/8 bytes of black pixels.
  const raw = Buffer.alloc((1 + Math.ceil(size / 8)) * size);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
