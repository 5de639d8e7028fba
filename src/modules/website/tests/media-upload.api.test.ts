import { signedOutLocals } from '../../../../tests/factories/locals';
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryUploadResponseSchema, mediaUploadResponseSchema, newGalleryResponseSchema, thumbnailUrl } from '../contract';
import { storedPath } from '../../../platform/media/store';
import { thumbnailName } from '../../../platform/media/urls';
import { GET as serveUploadRoute } from '../../../pages/uploads/[school]/[file]';
import { bodyOf, createTestContext, post, signedInUser, useTestContext, type TestContext } from '../../../../tests/factories';
import { postMultipart } from '../../../../tests/factories/media-http';
import { CAMERA_MARKER, GPS_MARKER, HTML_AS_PNG, makeBombPng, makeGpsImage, makeImage, SVG_AS_PNG, TEXT_FILE } from '../../../../tests/factories/media-images';

const IMAGES_ONLY = 'Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).';

/** Calls the Astro endpoint as the adapter would for /uploads/<school>/<file>. */
function fetchUpload(ctx: TestContext, url: string): Promise<Response> {
  const [, , school, file] = url.split('/').map(decodeURIComponent);
  return serveUploadRoute({ params: { school, file }, locals: signedOutLocals(ctx.runtime) });
}

/** The stored name in a source_url, and its path on disk. */
function storedFile(ctx: TestContext, schoolId: number, url: string): string {
  return storedPath(ctx.config.PORTAL_DATA_DIR, schoolId, url.split('/').pop() ?? '');
}

async function expectFailure(res: Response, status: number, message?: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = await bodyOf(res);
  expect(body).toMatchObject({ success: false, isAuthFailed: status === 401 });
  if (message) expect(body).toMatchObject({ message });
}

describe('POST /api/website/media/upload', () => {
  const ctx = useTestContext();
  let cookie = '';
  let schoolId = 0;
  let label = '';

  beforeAll(async () => {
    const signed = await signedInUser(ctx(), { website: true });
    ({ cookie } = signed);
    schoolId = signed.school.id;
    label = signed.school.label;
  });

  it('stores an image under a generated name with a 150x150 thumbnail, served with nosniff', async () => {
    const bytes = await makeImage('jpeg', 400, 300);
    const res = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes, name: 'Sports Day.jpeg', type: 'image/jpeg' } }, { cookie });
    expect(res.status).toBe(200);
    const { media } = mediaUploadResponseSchema.parse(await bodyOf(res));
    expect(media.title.rendered).toBe('Sports Day');
    expect(media.mime_type).toBe('image/jpeg');
    expect(media.source_url).toMatch(new RegExp(`^/uploads/${label.replace(/\./g, '\\.')}/[a-f0-9]{32}\\.jpg$`));

    const onDisk = storedFile(ctx(), schoolId, media.source_url);
    expect(fs.readFileSync(onDisk).equals(bytes)).toBe(true);
    const thumb = await sharp(storedPath(ctx().config.PORTAL_DATA_DIR, schoolId, thumbnailName(media.source_url.split('/').pop() ?? ''))).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([150, 150, 'jpeg']);

    const served = await fetchUpload(ctx(), media.source_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const servedThumb = await fetchUpload(ctx(), media.source_url.replace(/\.jpg$/, '-150x150.jpg'));
    expect(servedThumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await servedThumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([150, 150]);
  });

  it('keeps any attachment with its detected type and serves it as a download', async () => {
    const res = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: HTML_AS_PNG, name: 'Letter home.html', type: 'text/html' } }, { cookie });
    expect(res.status).toBe(200);
    const { media } = mediaUploadResponseSchema.parse(await bodyOf(res));
    expect(media).toMatchObject({ title: { rendered: 'Letter home' }, mime_type: 'application/octet-stream' });
    // The client's extension never reaches the stored name.
    expect(media.source_url).toMatch(/\/[a-f0-9]{32}\.bin$/);

    const served = await fetchUpload(ctx(), media.source_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="Letter home\.html"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // An attachment has no thumbnail.
    expect((await fetchUpload(ctx(), media.source_url.replace(/\.bin$/, '-150x150.bin'))).status).toBe(404);
  });

  it('titles a nameless attachment "Attachment"', async () => {
    const res = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: TEXT_FILE, name: '   ' } }, { cookie });
    const { media } = mediaUploadResponseSchema.parse(await bodyOf(res));
    expect(media.title.rendered).toBe('Attachment');
  });

  it('refuses a decompression bomb within a second, with a clear message', async () => {
    const started = performance.now();
    const res = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: makeBombPng(), name: 'photo.png', type: 'image/png' } }, { cookie });
    expect(performance.now() - started).toBeLessThan(2000);
    await expectFailure(res, 400, 'This image is too large (30000 x 30000 pixels). Images can have at most 40 million pixels.');
  });

  it('is 400 without a file, with an empty file, or without multipart', async () => {
    await expectFailure(await postMultipart(ctx().app, '/api/website/media/upload', { fields: { title: 'x' } }, { cookie }), 400, 'Choose a file to upload.');
    await expectFailure(await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: new Uint8Array(0), name: 'a.png' } }, { cookie }), 400, 'The file is empty.');
    const json = await ctx().app.request('/api/website/media/upload', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', cookie } });
    await expectFailure(json, 400);
    const broken = await ctx().app.request('/api/website/media/upload', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
    });
    await expectFailure(broken, 400);
  });
});

describe('POST /api/website/media/upload/builder', () => {
  const ctx = useTestContext();
  let cookie = '';

  beforeAll(async () => {
    ({ cookie } = await signedInUser(ctx(), { website: true }));
  });

  it('accepts an image in the media shape', async () => {
    const res = await postMultipart(ctx().app, '/api/website/media/upload/builder', { file: { bytes: await makeImage('webp'), name: 'banner.webp' } }, { cookie });
    const { media } = mediaUploadResponseSchema.parse(await bodyOf(res));
    expect(media).toMatchObject({ title: { rendered: 'banner' }, mime_type: 'image/webp' });
    expect(media.source_url).toMatch(/\.webp$/);
  });

  it.each([
    ['SVG named .png', SVG_AS_PNG],
    ['HTML named .png', HTML_AS_PNG],
    ['a text file named .png', TEXT_FILE],
  ])('refuses %s', async (_label, bytes) => {
    const res = await postMultipart(ctx().app, '/api/website/media/upload/builder', { file: { bytes, name: 'photo.png', type: 'image/png' } }, { cookie });
    await expectFailure(res, 400, IMAGES_ONLY);
  });
});

describe('photo metadata through both upload calls', () => {
  const ctx = useTestContext();

  async function newGallery(cookie: string): Promise<number> {
    const res = await post(ctx().app, '/api/website/gallery/new', JSON.stringify({ title: 'School trip' }), { cookie });
    return newGalleryResponseSchema.parse(await bodyOf(res)).id;
  }

  /** Uploads through /media/upload and /gallery/upload; the public addresses of both files and thumbnails. */
  async function uploadBothWays(cookie: string, bytes: Buffer, name: string): Promise<string[]> {
    const media = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes, name } }, { cookie });
    const mediaUrl = mediaUploadResponseSchema.parse(await bodyOf(media)).media.source_url;
    const fields = { galleryID: String(await newGallery(cookie)) };
    const gallery = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes, name }, fields }, { cookie });
    const galleryUrl = galleryUploadResponseSchema.parse(await bodyOf(gallery)).src;
    return [mediaUrl, galleryUrl, thumbnailUrl(mediaUrl), thumbnailUrl(galleryUrl)];
  }

  it.each([['png'], ['webp']] as const)('serves a GPS-tagged %s publicly without its EXIF or XMP', async (format) => {
    const { cookie } = await signedInUser(ctx(), { website: true });
    const bytes = await makeGpsImage(format);
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    expect(bytes.includes(GPS_MARKER)).toBe(true);

    const urls = await uploadBothWays(cookie, bytes, `trip.${format}`);

    for (const url of urls) {
      const served = await fetchUpload(ctx(), url);
      expect(served.status, url).toBe(200);
      const body = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.exif, meta.xmp]).toEqual([format, undefined, undefined]);
      const text = body.toString('latin1').toLowerCase();
      for (const marker of ['exif', 'xmpmeta', 'xml:com.adobe.xmp', GPS_MARKER.toLowerCase(), CAMERA_MARKER.toLowerCase()]) {
        expect(text.includes(marker), `${marker} in ${url}`).toBe(false);
      }
    }
  });
});

describe('the upload size limit', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { PORTAL_MAX_UPLOAD_MB: '1' } });
    return () => ctx.close();
  });

  it('is 413 with a message for a body over PORTAL_MAX_UPLOAD_MB, and nothing is stored', async () => {
    const { cookie, school } = await signedInUser(ctx, { website: true });
    const big = new Uint8Array(1024 * 1024 + 200 * 1024).fill(7);
    for (const path of ['/api/website/media/upload', '/api/website/media/upload/builder', '/api/website/gallery/upload']) {
      const res = await postMultipart(ctx.app, path, { file: { bytes: big, name: 'big.bin' }, fields: { galleryID: '1' } }, { cookie });
      await expectFailure(res, 413, 'The file is too large. Files can be at most 1 MB.');
    }
    expect(fs.existsSync(`${ctx.config.PORTAL_DATA_DIR}/uploads/${school.id}`)).toBe(false);
  });

  it('is 413 for a streamed body without Content-Length, stopping at the limit', async () => {
    const { cookie } = await signedInUser(ctx, { website: true });
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024);
    // An endless body: the limit must end it rather than buffer it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await ctx.app.request('/api/website/media/upload', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
    } as RequestInit);
    await expectFailure(res, 413);
    expect(sent).toBeLessThan(3 * 1024 * 1024);
  });

  it('accepts a file just under the limit', async () => {
    const { cookie } = await signedInUser(ctx, { website: true });
    const res = await postMultipart(ctx.app, '/api/website/media/upload', { file: { bytes: new Uint8Array(1024 * 1024 - 10).fill(1), name: 'ok.bin' } }, { cookie });
    expect(res.status).toBe(200);
  });
});
