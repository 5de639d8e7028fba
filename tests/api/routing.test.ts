import { describe, expect, it, vi } from 'vitest';
import { bodyOf, createTestContext, get, post, signedInUser, useTestContext } from '../factories';
import { postMultipart } from '../factories/media-http';

const FORBIDDEN = { success: false, isAuthFailed: false };

async function expectJson(res: Response, status: number, body: Record<string, unknown>): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await bodyOf(res)).toMatchObject(body);
}

/** Each call of the tables behind its product: call-gates.test.ts. Here, the paths between and beside them. */
describe('product gate', () => {
  const ctx = useTestContext();

  it('answers 403 for any path under the website when the school does not have the website, a call or not', async () => {
    const { cookie } = await signedInUser(ctx(), { hapara: true, newsletter: true, builder: true, app: true, website: false });
    await expectJson(await get(ctx().app, '/api/website/anything', { cookie }), 403, FORBIDDEN);
    await expectJson(await get(ctx().app, '/api/website', { cookie }), 403, FORBIDDEN);
  });

  it('cannot be walked around with a percent-encoded path', async () => {
    const { cookie } = await signedInUser(ctx(), { website: false });
    await expectJson(await get(ctx().app, '/api/%77ebsite/anything', { cookie }), 403, FORBIDDEN);
  });

  it('leaves the rest of the newsletter open to a school without the builder: an unknown path there is a plain 404', async () => {
    const { cookie } = await signedInUser(ctx(), { newsletter: true, builder: false });
    await expectJson(await get(ctx().app, '/api/newsletter/manage/list/load-nothing', { cookie }), 404, FORBIDDEN);
  });

  it('answers a JSON 404 for an unknown path under a module the school has', async () => {
    const { cookie } = await signedInUser(ctx(), { website: true, newsletter: true, builder: true });
    await expectJson(await get(ctx().app, '/api/website/anything', { cookie }), 404, FORBIDDEN);
    await expectJson(await get(ctx().app, '/api/newsletter/send/builder/nothing-here', { cookie }), 404, FORBIDDEN);
  });

  it('does not gate paths that merely start with a module’s name', async () => {
    const { cookie } = await signedInUser(ctx(), {});
    await expectJson(await get(ctx().app, '/api/websites', { cookie }), 404, FORBIDDEN);
    await expectJson(await get(ctx().app, '/api/apple', { cookie }), 404, FORBIDDEN);
  });

  it('leaves the shell and support calls open to a school with no products', async () => {
    const { cookie } = await signedInUser(ctx(), {});
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
    expect((await get(ctx().app, '/api/support/updates', { cookie })).status).toBe(200);
    expect((await get(ctx().app, '/api/support/status', { cookie })).status).toBe(200);
  });
});

describe('unknown API paths', () => {
  const ctx = useTestContext();

  it('answers a JSON 404 envelope when signed out', async () => {
    await expectJson(await get(ctx().app, '/api/no/such/thing'), 404, FORBIDDEN);
  });

  it('answers a JSON 404 envelope when signed in', async () => {
    const { cookie } = await signedInUser(ctx());
    await expectJson(await get(ctx().app, '/api/no/such/thing', { cookie }), 404, FORBIDDEN);
    await expectJson(await post(ctx().app, '/api/no/such/thing', '{}', { cookie }), 404, FORBIDDEN);
  });
});

describe('unexpected failures', () => {
  it('answer a JSON 500 envelope without internal details', async () => {
    const ctx = await createTestContext();
    const { cookie } = await signedInUser(ctx);
    // Break the database under the running app.
    await ctx.db.destroy();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await get(ctx.app, '/api/api/user', { cookie });
      expect(res.status).toBe(500);
      const body = await bodyOf(res);
      expect(body).toEqual({ success: false, isAuthFailed: false, message: 'Something went wrong on our side. Please try again.' });
      expect(JSON.stringify(body)).not.toMatch(/sqlite|kysely|destroy|stack/i);
    } finally {
      quiet.mockRestore();
      await ctx.close().catch(() => undefined); // the database is already destroyed
    }
  });
});

describe('refusals', () => {
  const ctx = useTestContext();

  it('carry a machine-readable code next to the message', async () => {
    const { cookie } = await signedInUser(ctx(), { website: true });
    await expectJson(await get(ctx().app, '/api/website/wordpress/posts/999999', { cookie }), 404, {
      success: false,
      isAuthFailed: false,
      code: 'not_found',
      message: 'That post does not exist.',
    });
    await expectJson(await post(ctx().app, '/api/website/posts/toggle', '{"id":"x","isPublic":true}', { cookie }), 400, { code: 'invalid' });
  });

  it('answer a zod error thrown past a route as a 400 naming the field, not a 500', async () => {
    const { cookie } = await signedInUser(ctx(), { website: true });
    const res = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes: new Uint8Array([1, 2, 3]), name: 'a.png' }, fields: { galleryID: 'abc' } }, { cookie });
    expect(res.status).toBe(400);
    expect(await bodyOf(res)).toMatchObject({ success: false, code: 'invalid', message: expect.stringMatching(/^galleryID: /) });
  });
});

describe('caching of API answers', () => {
  const ctx = useTestContext();

  it('keeps no answer in any cache: data, refusals, unknown paths and signed-out calls alike', async () => {
    const { cookie } = await signedInUser(ctx(), { newsletter: true, website: false });
    for (const res of [
      await get(ctx().app, '/api/api/user', { cookie }),
      await get(ctx().app, '/api/newsletter/manage/list/load', { cookie }),
      await get(ctx().app, '/api/api/user'),
      await get(ctx().app, '/api/website/wordpress/posts?page=1&limit=10', { cookie }),
      await get(ctx().app, '/api/nothing-here', { cookie }),
      await post(ctx().app, '/api/newsletter/manage/add', '{"fullname":""}', { cookie }),
      await post(ctx().app, '/api/login', '{"email":"nobody@example.org","password":"wrong-password"}'),
    ]) {
      expect([res.status, res.headers.get('cache-control')]).toEqual([res.status, 'no-store']);
    }
  });
});
