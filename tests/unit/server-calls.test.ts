import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { ZodError, z } from 'zod';
import { defineCalls } from '../../src/lib/contract/calls';
import { successSchema } from '../../src/lib/contract/envelope';
import { serve } from '../../src/platform/http/calls';
import { fail } from '../../src/platform/http/envelope';
import { zodMessage } from '../../src/platform/http/middleware';
import { Refusal } from '../../src/platform/errors';
import type { AppEnv } from '../../src/platform/http/types';

const id = z.coerce.number().int().positive();

const calls = defineCalls(
  {
    item: { method: 'GET', path: '/api/test/items/{id}' },
    search: { method: 'GET', path: '/api/test/search' },
    save: { method: 'POST', path: '/api/test/save' },
    upload: { method: 'POST', path: '/api/test/upload' },
    read: { method: 'POST', path: '/api/test/read' },
    secret: { method: 'GET', path: '/api/test/secret' },
  },
  {
    item: { params: z.object({ id }), response: successSchema({ id: z.number() }) },
    search: { query: z.object({ page: z.coerce.number().default(1), q: z.string().optional() }), response: successSchema({ echo: z.unknown() }) },
    save: { body: z.object({ title: z.string().max(5, 'title is too long.') }), response: successSchema({ saved: z.string() }), maxBytes: 100 },
    upload: { form: z.object({ file: z.file(), galleryID: id }), response: successSchema({ size: z.number(), galleryID: z.number() }) },
    read: { form: z.object({ galleryID: id }), response: successSchema({ galleryID: z.number() }) },
    secret: { response: successSchema({}) },
  },
);

/** A small API like src/app/api.ts: its onError, and the calls served at its root. */
function app() {
  const api = new Hono<AppEnv>().basePath('/api');
  api.onError((err, c) => {
    if (err instanceof Refusal) return fail(c, err.status, err.message, err.code);
    if (err instanceof ZodError) return fail(c, 400, zodMessage(err), 'invalid');
    return fail(c, 500, 'internal');
  });
  const routes = new Hono<AppEnv>();
  serve.public(routes, calls.item, (_ctx, { params }) => {
    if (params.id === 404) throw new Refusal(404, 'not_found', 'No such item.');
    return { id: params.id };
  });
  serve.public(routes, calls.search, (_ctx, { query }) => ({ echo: query }));
  serve.public(routes, calls.save, (_ctx, { body }) => ({ saved: body.title }));
  serve.public(routes, calls.upload, (_ctx, { form }) => ({ size: form.file.size, galleryID: form.galleryID }));
  serve.public(routes, calls.read, (_ctx, { form }) => ({ galleryID: form.galleryID }), {
    readForm: async () => ({ galleryID: 'abc' }),
  });
  serve(routes, calls.secret, () => ({}));
  api.route('/', routes);
  return api;
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) => app().request(path, { method: 'POST', body, headers });

describe('serve', () => {
  it('answers the handler’s result in the envelope, with the path’s {id} parsed', async () => {
    const res = await app().request('/api/test/items/12');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, isAuthFailed: false, id: 12 });
  });

  it('answers a bad parameter with a 400 naming it, and a refusal with its status', async () => {
    const bad = await app().request('/api/test/items/abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, isAuthFailed: false, code: 'invalid', message: expect.stringMatching(/^id: /) });
    const missing = await app().request('/api/test/items/404');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, isAuthFailed: false, message: 'No such item.', code: 'not_found' });
  });

  it('parses the query with its schema (defaults included)', async () => {
    expect(await (await app().request('/api/test/search?q=a%26b')).json()).toMatchObject({ echo: { page: 1, q: 'a&b' } });
  });

  it('validates a JSON body and reads no more than the call’s maxBytes', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await (await post('/api/test/save', '{"title":"abc"}', json)).json()).toMatchObject({ saved: 'abc' });
    const invalid = await post('/api/test/save', '{"title":"abcdef"}', json);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: 'title: title is too long.' });
    const large = await post('/api/test/save', JSON.stringify({ title: 'x'.repeat(200) }), json);
    expect(large.status).toBe(413);
  });

  it('validates a multipart form, files included', async () => {
    const form = new FormData();
    form.append('file', new Blob(['12345']), 'a.png');
    form.append('galleryID', '3');
    expect(await (await post('/api/test/upload', form)).json()).toEqual({ success: true, isAuthFailed: false, size: 5, galleryID: 3 });
    const noFile = new FormData();
    noFile.append('galleryID', '3');
    expect((await post('/api/test/upload', noFile)).status).toBe(400);
  });

  it('checks what a module’s own form reader returns with the call’s schema', async () => {
    const res = await post('/api/test/read', new FormData());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid', message: expect.stringMatching(/^galleryID: /) });
  });

  it('needs a session unless served public: 401 with isAuthFailed', async () => {
    const res = await app().request('/api/test/secret');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('serves only the call’s method', async () => {
    expect((await app().request('/api/test/save')).status).toBe(404);
  });
});
