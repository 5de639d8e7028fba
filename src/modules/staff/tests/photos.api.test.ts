import { describe, expect, it } from 'vitest';
import { INVALID_IMAGE_URL, staffSaveResponseSchema, staffUploadResponseSchema, type StaffListKind } from '../contract';
import { STAFF_LIST_ENDPOINTS } from '../calls';
import { MEDIA_MESSAGES } from '../../../platform/media/errors';
import { serveUpload } from '../../website/server/embedded/media/service';
import { bodyOf, failure, postJson, signedInUser, useTestContext } from '../../../../tests/factories';
import { postMultipart, type TestFile } from '../../../../tests/factories/media-http';
import { HTML_AS_PNG, makeImage, SVG_AS_PNG, TEXT_FILE } from '../../../../tests/factories/media-images';

/**
 * Upload photo on the staff edit screen (`…/stafflist/upload`, multipart `file`): an image,
 * checked by its bytes like every upload, stored with the school's uploads; its address fills
 * Image URL, which the list then accepts.
 */
const ctx = useTestContext({ env: { PORTAL_MAX_UPLOAD_MB: '1' } });

const KINDS: readonly StaffListKind[] = ['app', 'website'];

function upload(kind: StaffListKind, file: TestFile | undefined, cookie: string): Promise<Response> {
  return postMultipart(ctx().app, STAFF_LIST_ENDPOINTS[kind].upload.path, file ? { file } : {}, { cookie });
}

async function mediaCount(schoolId: number): Promise<number> {
  const rows = await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', schoolId).execute();
  return rows.length;
}

describe.each(KINDS)('Upload photo of the %s list', (kind) => {
  it('stores an image and answers the address that fills Image URL, which New Staff accepts and the site serves', async () => {
    // A school with only this list's product: the photo is stored with its uploads all the same.
    const { school, cookie } = await signedInUser(ctx(), kind === 'app' ? { app: true } : { website: true });
    const png = await makeImage('png', 300, 300, '#7a3bd5');
    const res = await upload(kind, { bytes: png, name: 'C:\\fakepath\\Aroha portrait.png', type: 'image/png' }, cookie);
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const { url } = staffUploadResponseSchema.parse(body);
    expect(url).toMatch(new RegExp(`^/uploads/${school.label.replace(/\./g, '\\.')}/[^/]+\\.png$`));
    const served = await serveUpload(ctx().db, ctx().config.PORTAL_DATA_DIR, school.label, url.split('/').pop()!);
    expect(served?.status).toBe(200);
    expect(served?.headers.get('content-type')).toBe('image/png');

    const saved = await postJson(ctx().app, STAFF_LIST_ENDPOINTS[kind].create.path, { name: 'Aroha Ngata', imageURL: url }, cookie);
    expect(staffSaveResponseSchema.parse(await bodyOf(saved)).entry.imageURL).toBe(url);
  });

  it('refuses what is not an image by its bytes, whatever its name says, and stores nothing', async () => {
    const { school, cookie } = await signedInUser(ctx(), { app: true, website: true });
    const cases: Array<[TestFile | undefined, number, string]> = [
      [{ bytes: SVG_AS_PNG, name: 'photo.png', type: 'image/png' }, 400, MEDIA_MESSAGES.imagesOnly],
      [{ bytes: HTML_AS_PNG, name: 'photo.png', type: 'image/png' }, 400, MEDIA_MESSAGES.imagesOnly],
      [{ bytes: TEXT_FILE, name: 'notes.txt', type: 'text/plain' }, 400, MEDIA_MESSAGES.imagesOnly],
      [{ bytes: new Uint8Array(), name: 'empty.png', type: 'image/png' }, 400, MEDIA_MESSAGES.emptyFile],
      [undefined, 400, 'file: Choose a photo to upload.'],
      [{ bytes: new Uint8Array(1024 * 1024 + 1), name: 'huge.png', type: 'image/png' }, 413, MEDIA_MESSAGES.tooLarge(1)],
    ];
    for (const [file, status, message] of cases) {
      expect(await failure(await upload(kind, file, cookie)), file?.name ?? 'no file').toEqual({ status, message, isAuthFailed: false });
    }
    expect(await mediaCount(school.id)).toBe(0);
  });

  it('does not let a school use another school’s uploaded photo', async () => {
    const a = await signedInUser(ctx(), { app: true, website: true });
    const b = await signedInUser(ctx(), { app: true, website: true });
    const { url } = staffUploadResponseSchema.parse(await bodyOf(await upload(kind, { bytes: await makeImage('png', 40, 40), name: 'a.png' }, a.cookie)));
    const res = await postJson(ctx().app, STAFF_LIST_ENDPOINTS[kind].create.path, { name: 'Borrowed', imageURL: url }, b.cookie);
    expect(await failure(res)).toEqual({ status: 400, message: INVALID_IMAGE_URL, isAuthFailed: false });
  });
});
