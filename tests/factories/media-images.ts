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

/*
 * Photos as a phone or an editor saves them: EXIF with a GPS position, and XMP repeating it.
 * GPS_MARKER is the GPS map datum, so a test can look for the position in the raw bytes too.
 */
export const GPS_MARKER = 'SCHOOLTRIP-GPS';
export const CAMERA_MARKER = 'PupilPhone';

const GPS_EXIF = {
  IFD0: { Make: CAMERA_MARKER, Model: 'Camera 9' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 30/1',
    GPSMapDatum: GPS_MARKER,
  },
};

export const GPS_XMP = [
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  `<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N" exif:GPSLongitude="0,7.5W" exif:GPSMapDatum="${GPS_MARKER}"/>`,
  '</rdf:RDF></x:xmpmeta>',
].join('');

/** The EXIF entry pointing to the GPS directory (tag 0x8825, LONG, count 1), in either byte order. */
export const GPS_IFD_POINTERS = [Buffer.from('2588040001000000', 'hex'), Buffer.from('8825000400000001', 'hex')];

export type GpsImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface GpsImageOptions {
  width?: number;
  height?: number;
  /** EXIF orientation (AVIF: the equivalent irot box); 6 shows the picture turned a quarter. */
  orientation?: number;
  /** A colour profile that is not sRGB, so keeping it is visible. */
  iccProfile?: 'p3';
}

/** A photo carrying EXIF (GPS included) and XMP, in any format sharp writes them to. */
export function makeGpsImage(format: GpsImageFormat, options: GpsImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48, orientation, iccProfile } = options;
  let image = sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });
  if (iccProfile) image = image.withIccProfile(iccProfile);
  image = image.withExif(GPS_EXIF).withXmp(GPS_XMP);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}

function frames(width: number, height: number): Promise<Buffer[]> {
  return Promise.all(['#d53a3a', '#3ad55a', '#3a7bd5'].map((background) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()));
}

/** An animated WebP of 3 frames carrying EXIF (GPS included) and XMP. */
export async function makeGpsAnimatedWebp(options: { orientation?: number } = {}): Promise<Buffer> {
  let image = sharp(await frames(40, 20), { join: { animated: true } }).withExif(GPS_EXIF).withXmp(GPS_XMP);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.webp({ loop: 0, delay: [100, 100, 100] }).toBuffer();
}

/** An animated GIF of 3 frames, without metadata (sharp writes none to GIF). */
export async function makeAnimatedGif(): Promise<Buffer> {
  return sharp(await frames(40, 20), { join: { animated: true } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
}

/**
 * An animated GIF with XMP as Adobe writes it (an application extension holding the raw packet
 * and a 258-byte "magic trailer" that makes it read as sub-blocks) and a comment, both repeating
 * the position. sharp neither reads nor writes GIF metadata, so it is added by hand.
 */
export async function makeXmpGif(): Promise<Buffer> {
  const gif = await makeAnimatedGif();
  const packed = gif.readUInt8(10);
  const afterHeader = 13 + (packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0);
  const magicTrailer = Buffer.from([0x01, ...Array.from({ length: 256 }, (_, i) => 0xff - i), 0x00]);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP', 'latin1'), Buffer.from(GPS_XMP), magicTrailer]);
  const text = Buffer.from(`Taken at ${GPS_MARKER}`);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, afterHeader), xmp, comment, gif.subarray(afterHeader)]);
}

interface PngChunk {
  type: string;
  data: Buffer;
}

function pngChunks(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

function frameControl(sequence: number, width: number, height: number): Buffer {
  const data = Buffer.alloc(26);
  data.writeUInt32BE(sequence, 0);
  data.writeUInt32BE(width, 4);
  data.writeUInt32BE(height, 8);
  data.writeUInt16BE(1, 20); // delay 1/2 s
  data.writeUInt16BE(2, 22);
  return data;
}

/**
 * An animated PNG (APNG, 2 frames) with the EXIF (GPS included) and XMP chunks sharp writes to a
 * PNG. sharp reads only an APNG's first frame, so it is assembled by hand.
 */
export async function makeGpsApng(): Promise<Buffer> {
  const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = await frames(40, 20);
  const tagged = pngChunks(await makeGpsImage('png', { width: 40, height: 20 }));
  const metadata = tagged.filter((c) => ['eXIf', 'iTXt', 'zTXt', 'tEXt'].includes(c.type));
  const firstChunks = pngChunks(first);
  const header = firstChunks.find((c) => c.type === 'IHDR')?.data ?? Buffer.alloc(0);
  const animation = Buffer.alloc(8);
  animation.writeUInt32BE(2, 0); // frames
  const secondData = pngChunks(second).filter((c) => c.type === 'IDAT').map((c) => c.data);
  return Buffer.concat([
    first.subarray(0, 8),
    pngChunk('IHDR', header),
    ...metadata.map((c) => pngChunk(c.type, c.data)),
    pngChunk('acTL', animation),
    pngChunk('fcTL', frameControl(0, 40, 20)),
    ...firstChunks.filter((c) => c.type === 'IDAT').map((c) => pngChunk('IDAT', c.data)),
    pngChunk('fcTL', frameControl(1, 40, 20)),
    pngChunk('fdAT', Buffer.concat([Buffer.from([0, 0, 0, 2]), ...secondData])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
