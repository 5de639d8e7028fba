import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES } from '../../src/platform/media/errors';
import { Refusal } from '../../src/platform/errors';
import { inspectAttachment, inspectImage } from '../../src/platform/media/inspect';
import {
  CAMERA_MARKER,
  GPS_IFD_POINTERS,
  GPS_MARKER,
  HTML_AS_PNG,
  makeAnimatedGif,
  makeBombPng,
  makeGpsAnimatedWebp,
  makeGpsApng,
  makeGpsImage,
  makeImage,
  makeXmpGif,
  SVG_AS_PNG,
  TEXT_FILE,
  type GpsImageFormat,
  type TestImageFormat,
} from '../factories/media-images';

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Refusal);
  return err as Refusal;
}

const FORMATS: Array<[TestImageFormat, string, string]> = [
  ['png', 'image/png', 'png'],
  ['jpeg', 'image/jpeg', 'jpg'],
  ['gif', 'image/gif', 'gif'],
  ['webp', 'image/webp', 'webp'],
  ['avif', 'image/avif', 'avif'],
];

describe('inspectImage', () => {
  it.each(FORMATS)('accepts %s by its bytes and makes a 150x150 thumbnail in the same format', async (format, mime, ext) => {
    const result = await inspectImage(await makeImage(format, 400, 300));
    expect(result).toMatchObject({ kind: 'image', mimeType: mime, ext, width: 400, height: 300 });
    const thumb = await sharp(result.thumbnail ?? Buffer.alloc(0)).metadata();
    expect([thumb.width, thumb.height]).toEqual([150, 150]);
    expect(thumb.format).toBe(format === 'avif' ? 'heif' : format);
  });

  it.each([
    ['SVG with a script', SVG_AS_PNG],
    ['HTML with a script', HTML_AS_PNG],
    ['a text file', TEXT_FILE],
  ])('refuses %s, whatever it is called', async (_label, bytes) => {
    const err = await refusal(inspectImage(bytes));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).');
  });

  it('refuses image types it does not serve inline (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).tiff().toBuffer();
    expect((await refusal(inspectImage(tiff))).message).toBe(MEDIA_MESSAGES.imagesOnly);
  });

  // Decoding its 900 million pixels would take seconds and gigabytes: it is refused from its header,
  // no pixel decoded (the time it takes: `npm run bench -- --sections limits`).
  it('refuses a decompression bomb from its header alone, naming its size', async () => {
    const bomb = makeBombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const header = vi.spyOn(sharp.prototype, 'metadata');
    const decode = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const err = await refusal(inspectImage(bomb));
      expect(err.status).toBe(400);
      expect(err.message).toBe('This image is too large (30000 x 30000 pixels). Images can have at most 40 million pixels.');
      expect(header).toHaveBeenCalledTimes(1);
      expect(decode).not.toHaveBeenCalled();
    } finally {
      header.mockRestore();
      decode.mockRestore();
    }
  });

  it('refuses a truncated image (it would not decode)', async () => {
    const png = await makeImage('png');
    const err = await refusal(inspectImage(png.subarray(0, png.length - 40)));
    expect(err.message).toBe(MEDIA_MESSAGES.unreadableImage);
    const jpeg = await makeImage('jpeg');
    expect((await refusal(inspectImage(jpeg.subarray(0, jpeg.length >> 1)))).message).toBe(MEDIA_MESSAGES.unreadableImage);
  });

  it('reports the shown size of a rotated photo (EXIF orientation)', async () => {
    const rotated = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await inspectImage(rotated)).toMatchObject({ width: 300, height: 400 });
  });
});

describe('inspectAttachment', () => {
  it('keeps any file, with octet-stream when the type is unknown', async () => {
    expect(await inspectAttachment(TEXT_FILE)).toEqual({
      kind: 'file',
      mimeType: 'application/octet-stream',
      ext: 'bin',
      width: null,
      height: null,
      thumbnail: null,
      stored: TEXT_FILE,
    });
    expect(await inspectAttachment(SVG_AS_PNG)).toMatchObject({ kind: 'file', mimeType: 'application/octet-stream' });
  });

  it('records the detected type of a known file', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expect(await inspectAttachment(pdf)).toMatchObject({ kind: 'file', mimeType: 'application/pdf', ext: 'pdf' });
    const xml = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await inspectAttachment(xml)).toMatchObject({ kind: 'file', mimeType: 'application/xml', ext: 'xml' });
  });

  it('treats an image attachment as an image: thumbnail, and the bomb is still refused', async () => {
    expect(await inspectAttachment(await makeImage('jpeg'))).toMatchObject({ kind: 'image', mimeType: 'image/jpeg' });
    expect((await refusal(inspectAttachment(makeBombPng()))).status).toBe(400);
  });
});

/** What must not survive: EXIF (its GPS directory), XMP, the camera and the position, in any chunk. */
async function expectNoMetadata(bytes: Uint8Array, options: { pages?: number } = {}): Promise<void> {
  const meta = await sharp(bytes, { animated: (options.pages ?? 1) > 1 }).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  const raw = Buffer.from(bytes);
  const text = raw.toString('latin1').toLowerCase();
  for (const marker of ['exif', 'xmpmeta', 'xml:com.adobe.xmp', 'xmp dataxmp', GPS_MARKER.toLowerCase(), CAMERA_MARKER.toLowerCase()]) {
    expect(text.includes(marker), marker).toBe(false);
  }
  for (const pointer of GPS_IFD_POINTERS) expect(raw.includes(pointer)).toBe(false);
}

/** Proves a fixture really carries the position before the upload. */
async function expectGps(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeDefined();
  expect(GPS_IFD_POINTERS.some((pointer) => meta.exif?.includes(pointer))).toBe(true);
  expect(meta.exif?.includes(GPS_MARKER)).toBe(true);
  expect(meta.xmpAsString).toContain('exif:GPSLatitude');
  expect(bytes.includes(GPS_MARKER)).toBe(true);
}

const GPS_FORMATS: Array<[GpsImageFormat, string]> = [
  ['jpeg', 'jpeg'],
  ['png', 'png'],
  ['webp', 'webp'],
  ['avif', 'heif'],
];

describe('photo metadata', () => {
  it.each(GPS_FORMATS)('drops EXIF (GPS included) and XMP from a %s upload, keeping the picture', async (format, decoder) => {
    const photo = await makeGpsImage(format);
    await expectGps(photo);

    const inspected = await inspectImage(photo);

    await expectNoMetadata(inspected.stored);
    const stored = await sharp(inspected.stored).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual([decoder, 64, 48]);
    expect(inspected).toMatchObject({ width: 64, height: 48 });
  });

  it.each(GPS_FORMATS)('keeps the colour profile of a %s upload while dropping its metadata', async (format) => {
    const photo = await makeGpsImage(format, { iccProfile: 'p3' });
    const icc = (await sharp(photo).metadata()).icc;
    expect(icc).toBeDefined();

    const { stored } = await inspectImage(photo);

    await expectNoMetadata(stored);
    const kept = (await sharp(stored).metadata()).icc;
    expect(kept && icc && Buffer.compare(kept, icc)).toBe(0);
  });

  it.each(GPS_FORMATS)('applies the orientation of a %s upload: turned pixels, no orientation left', async (format) => {
    const photo = await makeGpsImage(format, { orientation: 6 });
    const before = await sharp(photo).metadata();
    expect(before.autoOrient).toEqual({ width: 48, height: 64 });
    if (format === 'avif') {
      // AVIF turns the picture with its own irot box, which its decoder already applies.
      expect(Buffer.from(photo).includes('irot')).toBe(true);
    } else {
      expect([before.width, before.height, before.orientation]).toEqual([64, 48, 6]);
    }

    const inspected = await inspectImage(photo);

    await expectNoMetadata(inspected.stored);
    const stored = await sharp(inspected.stored).metadata();
    expect([stored.width, stored.height]).toEqual([48, 64]);
    expect(stored.orientation).toBeUndefined();
    expect(Buffer.from(inspected.stored).includes('irot')).toBe(false);
    expect(inspected).toMatchObject({ width: 48, height: 64 });
  });

  it.each(GPS_FORMATS)('makes a %s thumbnail without any metadata', async (format) => {
    const { thumbnail } = await inspectImage(await makeGpsImage(format, { iccProfile: 'p3', orientation: 6 }));
    await expectNoMetadata(thumbnail ?? Buffer.alloc(0));
    const meta = await sharp(thumbnail ?? Buffer.alloc(0)).metadata();
    expect([meta.width, meta.height, meta.icc, meta.orientation]).toEqual([150, 150, undefined, undefined]);
  });

  it('keeps the pixels of a PNG exactly: its metadata chunks are dropped, nothing is re-encoded', async () => {
    const photo = await makeGpsImage('png', { iccProfile: 'p3' });
    const { stored } = await inspectImage(photo);
    expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
    expect(stored.length).toBeLessThan(photo.length);
  });

  it('keeps every frame of an animated PNG (which sharp cannot re-encode) while dropping its EXIF and XMP', async () => {
    const apng = await makeGpsApng();
    expect(apng.includes(GPS_MARKER)).toBe(true);
    expect((await sharp(apng).metadata()).exif).toBeDefined();

    const inspected = await inspectImage(apng);

    expect(inspected).toMatchObject({ mimeType: 'image/png', width: 40, height: 20 });
    await expectNoMetadata(inspected.stored);
    const stored = Buffer.from(inspected.stored);
    for (const chunk of ['acTL', 'fcTL', 'fdAT']) expect(stored.includes(chunk), chunk).toBe(true);
    expect(stored.toString('latin1').split('fcTL').length - 1).toBe(2);
  });

  it('keeps every frame of an animated WebP while dropping its EXIF and XMP', async () => {
    const webp = await makeGpsAnimatedWebp();
    await expectGps(webp);
    const before = await sharp(webp, { animated: true }).metadata();
    expect(before.pages).toBe(3);

    const { stored } = await inspectImage(webp);

    await expectNoMetadata(stored, { pages: 3 });
    const after = await sharp(stored, { animated: true }).metadata();
    expect([after.pages, after.loop, after.delay, after.pageHeight]).toEqual([3, before.loop, before.delay, 20]);
    // The frames are the very same bytes: only the EXIF and XMP chunks went.
    expect(stored.length).toBeLessThan(webp.length);
    expect(await sharp(stored, { animated: true }).raw().toBuffer()).toEqual(await sharp(webp, { animated: true }).raw().toBuffer());
  });

  it('keeps the frames of an animated WebP whose orientation cannot be applied, and reports the size it shows', async () => {
    const webp = await makeGpsAnimatedWebp({ orientation: 6 });
    const inspected = await inspectImage(webp);
    await expectNoMetadata(inspected.stored, { pages: 3 });
    expect((await sharp(inspected.stored, { animated: true }).metadata()).pages).toBe(3);
    expect(inspected).toMatchObject({ width: 40, height: 20 });
  });

  it('drops XMP and comments from a GIF (sharp does not see them), keeping every frame', async () => {
    const gif = await makeXmpGif();
    expect(gif.includes('XMP DataXMP')).toBe(true);
    expect(gif.includes(GPS_MARKER)).toBe(true);
    // sharp reports no XMP for a GIF: its metadata cannot be what decides.
    expect((await sharp(gif).metadata()).xmp).toBeUndefined();

    const { stored } = await inspectImage(gif);

    await expectNoMetadata(stored, { pages: 3 });
    const plain = await makeAnimatedGif();
    // Exactly the GIF without the two added blocks.
    expect(Buffer.from(stored).equals(plain)).toBe(true);
    expect((await sharp(stored, { animated: true }).metadata()).pages).toBe(3);
  });

  it.each(FORMATS)('stores a %s without metadata byte for byte', async (format) => {
    const plain = await makeImage(format, 40, 30);
    expect(Buffer.from((await inspectImage(plain)).stored).equals(plain)).toBe(true);
  });

  it('stores animations without metadata byte for byte', async () => {
    const gif = await makeAnimatedGif();
    expect(Buffer.from((await inspectImage(gif)).stored).equals(gif)).toBe(true);
  });

  it('checks attachments the same way', async () => {
    const { stored } = await inspectAttachment(await makeGpsImage('webp'));
    await expectNoMetadata(stored);
  });
});
