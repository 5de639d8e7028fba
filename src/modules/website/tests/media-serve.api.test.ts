import { signedOutLocals } from '../../../../tests/factories/locals';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaUploadResponseSchema } from '../contract';
import { GET } from '../../../pages/uploads/[school]/[file]';
import { serveUpload } from '../server/embedded/media/service';
import { bodyOf, signedInUser, useTestContext } from '../../../../tests/factories';
import { postMultipart } from '../../../../tests/factories/media-http';
import { makeImage, SVG_AS_PNG } from '../../../../tests/factories/media-images';

describe('GET /uploads/<school>/<file>', () => {
  const ctx = useTestContext();
  let labelA = '';
  let labelB = '';
  let image = '';
  let svgFile = '';

  function route(school: string, file: string): Promise<Response> {
    return GET({ params: { school, file }, locals: signedOutLocals(ctx().runtime) });
  }

  beforeAll(async () => {
    const a = await signedInUser(ctx(), { website: true });
    const b = await signedInUser(ctx(), { website: true });
    labelA = a.school.label;
    labelB = b.school.label;
    const up = async (bytes: Uint8Array, name: string) =>
      mediaUploadResponseSchema.parse(await bodyOf(await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes, name } }, { cookie: a.cookie })))
        .media.source_url.split('/')
        .pop() ?? '';
    image = await up(await makeImage('gif', 30, 20), 'logo.gif');
    svgFile = await up(SVG_AS_PNG, 'drawing.svg');
  });

  it('serves a school’s file publicly with its stored type', async () => {
    const res = await route(labelA, image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never renders an uploaded SVG: it is stored as bytes and downloaded', async () => {
    expect(svgFile).toMatch(/\.bin$/);
    const res = await route(labelA, svgFile);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="drawing\.svg"/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('is 404 under another school’s label, for unknown names and for path tricks', async () => {
    expect((await route(labelB, image)).status).toBe(404);
    expect((await route('no-such-school', image)).status).toBe(404);
    expect((await route(labelA, `${'0'.repeat(32)}.gif`)).status).toBe(404);
    for (const file of ['../portal.db', '..%2Fportal.db', 'portal.db', `..${labelA}/${image}`, `${image}/`, `${image}\u0000.gif`, image.toUpperCase(), '']) {
      const res = await route(labelA, file);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await route('..', 'portal.db')).status).toBe(404);
  });

  it('is 404 when the row exists but its file is gone', async () => {
    const { config } = ctx();
    const schoolDir = fs.readdirSync(`${config.PORTAL_DATA_DIR}/uploads`).map((d) => `${config.PORTAL_DATA_DIR}/uploads/${d}`).find((d) => fs.existsSync(`${d}/${image}`));
    fs.rmSync(`${schoolDir}/${image}`);
    expect(await serveUpload(ctx().db, config.PORTAL_DATA_DIR, labelA, image)).toBeNull();
    expect((await route(labelA, image)).status).toBe(404);
  });
});
