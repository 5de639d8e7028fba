import { describe, expect, it } from 'vitest';
import { bodyOf, CLIENT_ADDRESS, signedInUser, useTestContext } from '../factories';
import { JSON_MAX_BYTES } from '../../src/platform/http/limits/body-limits';
import { LOGIN_MAX_BYTES } from '../../src/lib/contract/shell';

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `total` bytes made as it is read, recording how much the server pulled. */
function streamedBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      sent += size;
      controller.enqueue(size === CHUNK ? chunk : chunk.subarray(0, size));
    },
  });
  return { stream, pulled: () => sent };
}

describe('request body limits', () => {
  const ctx = useTestContext();

  async function postStream(path: string, total: number, headers: Record<string, string> = {}) {
    const body = streamedBody(total);
    const res = await ctx().app.request(
      path,
      { method: 'POST', body: body.stream, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit,
      { clientAddress: CLIENT_ADDRESS },
    );
    return { res, pulled: body.pulled() };
  }

  // What is read is counted, not how long it takes (the figure: `npm run bench -- --sections limits`).
  it('refuses a 50 MiB sign-in body with 413 while it streams in, reading little of it', async () => {
    const { res, pulled } = await postStream('/api/login', 50 * MIB);
    expect(res.status).toBe(413);
    expect(await bodyOf(res)).toEqual({ success: false, isAuthFailed: false, message: 'This request is too large.' });
    expect(pulled).toBeLessThanOrEqual(LOGIN_MAX_BYTES + 2 * CHUNK);
  });

  it('refuses at once from Content-Length, without reading the body', async () => {
    const { res, pulled } = await postStream('/api/login', 50 * MIB, { 'content-length': String(50 * MIB) });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('still signs in with an ordinary body', async () => {
    const { user } = await signedInUser(ctx());
    const res = await ctx().app.request(
      '/api/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) },
      { clientAddress: CLIENT_ADDRESS },
    );
    expect(res.status).toBe(200);
  });

  it('limits every JSON call to a small body unless the call says otherwise', async () => {
    const { cookie } = await signedInUser(ctx(), { website: true });
    const { res, pulled } = await postStream('/api/website/posts/toggle', 10 * MIB, { cookie });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(JSON_MAX_BYTES + 2 * CHUNK);
  });

  it('answers a signed-out write without reading its body', async () => {
    const { res, pulled } = await postStream('/api/website/posts/create', 50 * MIB);
    expect(res.status).toBe(401);
    expect(pulled).toBeLessThanOrEqual(2 * CHUNK);
  });
});
