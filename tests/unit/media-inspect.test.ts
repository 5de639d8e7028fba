import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MediaError } from '../../src/server/media/errors';
import { inspectAttachment, inspectImage } from '../../src/server/media/inspect';
import { HTML_AS_PNG, makeBombPng, makeImage, SVG_AS_PNG, TEXT_FILE, type TestImageFormat } from '../factories/media-images';

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
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

  it('refuses a decompression bomb quickly, naming its size', async () => {
    const bomb = makeBombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const err = await refusal(inspectImage(bomb));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(err.status).toBe(400);
    expect(err.message).toBe('This image is too large (30000 x 30000 pixels). Images can have at most 40 million pixels.');
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

describe('photo metadata', () => {
  it('drops EXIF data (a GPS position included) from JPEG uploads, keeping the picture', async () => {
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PupilPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    const inspected = await inspectImage(withExif);
    const stored = await sharp(inspected.stored).metadata();
    expect(stored.exif).toBeUndefined();
    expect(Buffer.from(inspected.stored).includes('PupilPhone')).toBe(false);
    expect([stored.width, stored.height]).toEqual([64, 48]);
  });

  it('stores an image without metadata byte for byte', async () => {
    const plain = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(Buffer.from((await inspectImage(plain)).stored).equals(plain)).toBe(true);
  });
});
