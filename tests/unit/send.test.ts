import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The toast loads toastify (a DOM library): record what would be shown instead.
const toasts = vi.hoisted(() => [] as Array<{ text: string; type: string | undefined }>);
vi.mock('../../src/lib/browser/toast', () => ({
  showToast: (text: string, options: { type?: string } = {}) => {
    toasts.push({ text, type: options.type });
    return Promise.resolve();
  },
}));

import { callUrl, encodeQuery, formData, send } from '../../src/lib/browser/send';
import { CLIENT_HEADERS, GENERIC_FAILURE, readEnvelope, settle } from '../../src/lib/browser/api-client';
import { websiteApi } from '../../src/modules/website/calls';
import { shellApi } from '../../src/lib/contract/shell-calls';
import { supportApi } from '../../src/modules/support/calls';
import { createGalleryEditor } from '../../src/modules/website/client/stores/gallery';

const LOGIN = 'https://login.example/sign-in';

interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[] = [];
let assigned: string[] = [];
let answer: () => Promise<Response> = () => Promise.resolve(json(200, { success: true, isAuthFailed: false }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  assigned = [];
  toasts.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  vi.stubGlobal('window', { location: { assign: (url: string) => assigned.push(url), pathname: '/', search: '' } });
  vi.stubGlobal('document', { body: { dataset: { loginUrl: LOGIN } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callUrl', () => {
  it('is the path itself for a call without parameters or query', () => {
    expect(callUrl(websiteApi.categories)).toBe('/api/website/wordpress/categories');
    expect(callUrl(shellApi.user, {})).toBe('/api/api/user');
  });

  it('fills {params} from the input, encoded', () => {
    expect(callUrl(websiteApi.post, { params: { id: 42 } })).toBe('/api/website/wordpress/posts/42');
    const email = { method: 'GET', path: '/api/account/users/{email}/delete' } as const;
    expect(callUrl(email, { params: { email: 'a.b+c@school.test' } })).toBe('/api/account/users/a.b%2Bc%40school.test/delete');
    // A parameter cannot reach another path: its slashes and dots are encoded.
    expect(callUrl(email, { params: { email: '../../logout?x=1#y' } })).toBe('/api/account/users/..%2F..%2Flogout%3Fx%3D1%23y/delete');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => callUrl(websiteApi.gallery, { params: {} })).toThrow(/missing path parameter id/);
    expect(() => callUrl(websiteApi.gallery)).toThrow(/missing path parameter id/);
  });

  it('adds the query string from the query object, encoded, leaving out undefined and null', () => {
    expect(callUrl(websiteApi.posts, { query: { page: 2, limit: 10 } })).toBe('/api/website/wordpress/posts?page=2&limit=10');
    expect(callUrl(websiteApi.pages, { query: { page: 1, limit: 10, query: 'sports day & more' } })).toBe(
      '/api/website/wordpress/pages?page=1&limit=10&query=sports+day+%26+more',
    );
    expect(callUrl(websiteApi.pages, { query: { page: 1, query: undefined } })).toBe('/api/website/wordpress/pages?page=1');
    expect(callUrl(websiteApi.pages, { query: {} })).toBe('/api/website/wordpress/pages');
  });

  it('round-trips any text through the query string', () => {
    const text = 'Ünïcødé ✓ #1 ?a=b&c=d %20 +plus';
    const url = new URL(callUrl(websiteApi.pages, { query: { query: text } }), 'http://portal.test');
    expect(url.searchParams.get('query')).toBe(text);
  });
});

describe('encodeQuery and formData', () => {
  it('repeats an array’s key and writes booleans and numbers as text', () => {
    expect(encodeQuery({ ids: [1, 2], on: true, none: null })).toBe('ids=1&ids=2&on=true');
  });

  it('sends Blobs as files and other values as text', () => {
    const file = new Blob(['png'], { type: 'image/png' });
    const form = formData({ file, galleryID: 7, skipped: undefined });
    expect(form.get('galleryID')).toBe('7');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(form.has('skipped')).toBe(false);
  });
});

describe('send', () => {
  it('GETs with same-origin credentials and the portal’s header, and resolves to the success body', async () => {
    answer = () => Promise.resolve(json(200, { success: true, isAuthFailed: false, data: [] }));
    const res = await send(supportApi.changelog);
    expect(res).toEqual({ success: true, isAuthFailed: false, data: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/support/changelog');
    expect(sent[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { ...CLIENT_HEADERS } });
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('POSTs a body as JSON', async () => {
    await send(websiteApi.togglePost, { body: { id: 3, isPublic: true } });
    expect(sent[0]?.url).toBe('/api/website/posts/toggle');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Portal-Client': '1' });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ id: 3, isPublic: true });
  });

  it('POSTs a form as multipart, leaving its Content-Type (and boundary) to the browser', async () => {
    await send(websiteApi.uploadGalleryImage, { form: { file: new Blob(['x']), galleryID: 5 } });
    const init = sent[0]?.init;
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('galleryID')).toBe('5');
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('shows the spec’s generic toast for success: false, and resolves to null', async () => {
    answer = () => Promise.resolve(json(404, { success: false, isAuthFailed: false, message: 'Not found.' }));
    expect(await send(websiteApi.deletePost, { body: { id: 1 } })).toBeNull();
    expect(toasts).toEqual([{ text: GENERIC_FAILURE, type: 'error' }]);
    expect(assigned).toEqual([]);
  });

  it('shows the caller’s text instead, or nothing when silent, or hands the failure to a function', async () => {
    answer = () => Promise.resolve(json(400, { success: false, isAuthFailed: false, message: 'id: bad', code: 'invalid' }));
    await send(websiteApi.deletePost, { body: { id: 1 } }, { onFailure: 'Error! Please try again.' });
    expect(toasts).toEqual([{ text: 'Error! Please try again.', type: 'error' }]);

    toasts.length = 0;
    await send(websiteApi.updateGallery, { body: { uploaded: [], galleryID: 1 } }, { onFailure: 'silent' });
    expect(toasts).toEqual([]);

    const seen: unknown[] = [];
    await send(websiteApi.deletePost, { body: { id: 1 } }, { onFailure: (failure) => seen.push(failure) });
    expect(seen).toEqual([{ success: false, isAuthFailed: false, message: 'id: bad', code: 'invalid' }]);
    expect(toasts).toEqual([]);
  });

  it('sends an expired session to the login address, whatever onFailure says, with no toast', async () => {
    answer = () => Promise.resolve(json(401, { success: false, isAuthFailed: true, message: 'Your session has ended.' }));
    for (const onFailure of [undefined, 'silent', 'Some text'] as const) {
      expect(await send(supportApi.status, {}, onFailure ? { onFailure } : {})).toBeNull();
    }
    expect(assigned).toEqual([LOGIN, LOGIN, LOGIN]);
    expect(toasts).toEqual([]);
  });

  it('treats an answer that is not the envelope as a failure (a 401 one as an ended session)', async () => {
    answer = () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await send(websiteApi.categories)).toBeNull();
    expect(toasts).toEqual([{ text: GENERIC_FAILURE, type: 'error' }]);

    answer = () => Promise.resolve(new Response('Unauthorized', { status: 401 }));
    expect(await send(websiteApi.categories)).toBeNull();
    expect(assigned).toEqual([LOGIN]);
  });

  it('treats a network failure as a failure', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await send(websiteApi.categories, {}, { onFailure: "Failed! Couldn't load categories" })).toBeNull();
    expect(toasts).toEqual([{ text: "Failed! Couldn't load categories", type: 'error' }]);
  });
});

describe('the envelope outside send (the gallery uploader)', () => {
  it('reads an answer’s envelope from its status and text', () => {
    expect(readEnvelope(200, '{"success":true,"isAuthFailed":false,"id":1}')).toEqual({ success: true, isAuthFailed: false, id: 1 });
    expect(readEnvelope(200, '[1,2]')).toEqual({ success: false, isAuthFailed: false });
    expect(readEnvelope(0, '')).toEqual({ success: false, isAuthFailed: false });
    expect(readEnvelope(401, '')).toEqual({ success: false, isAuthFailed: true });
  });

  it('settles it like any call', () => {
    expect(settle({ success: true, isAuthFailed: false })).toEqual({ success: true, isAuthFailed: false });
    expect(settle({ success: false, isAuthFailed: true })).toBeNull();
    expect(assigned).toEqual([LOGIN]);
    expect(settle({ success: false, isAuthFailed: false }, 'Upload failed!')).toBeNull();
    expect(toasts).toEqual([{ text: 'Upload failed!', type: 'error' }]);
  });

  it('gives the uploader the contract’s upload call, and settles its answers through the store', () => {
    const store = createGalleryEditor({ galleryId: 9, tiles: [] });
    expect(store.uploadTarget).toEqual({
      endpoint: '/api/website/gallery/upload',
      method: 'POST',
      headers: CLIENT_HEADERS,
      fieldName: 'file',
      fields: { galleryID: '9' },
    });

    const ok = store.readUpload(200, JSON.stringify({ success: true, isAuthFailed: false, id: 4, src: '/uploads/s/a.png', title: 'A' }));
    expect(store.uploaded(ok)).toBe(true);
    expect(store.$tiles.get()).toEqual([{ id: 4, title: 'A', thumb: '/uploads/s/a-150x150.png', alt: 'A', caption: '' }]);

    store.uploadFailed(store.readUpload(413, JSON.stringify({ success: false, isAuthFailed: false, message: 'The file is too large.' })));
    expect(toasts).toEqual([{ text: GENERIC_FAILURE, type: 'error' }]);
    expect(assigned).toEqual([]);

    store.uploadFailed(store.readUpload(401, JSON.stringify({ success: false, isAuthFailed: true })));
    expect(assigned).toEqual([LOGIN]);
    expect(store.uploaded(store.readUpload(200, 'not json'))).toBe(false);
    expect(store.$tiles.get()).toHaveLength(1);
  });
});
