import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedBodies } from '../../src/platform/server/compressed-bodies';

/** The compressed form of answers sent again byte for byte (src/platform/server/compressed-bodies.ts, used by compress-responses.ts). */
describe('compressed bodies', () => {
  const page = (text: string) => Buffer.from(`<!doctype html><main>${text.repeat(200)}</main>`);

  function counting() {
    const calls: string[] = [];
    const compress = (body: Buffer) => {
      calls.push(body.toString().slice(21, 30));
      return zlib.gzipSync(body);
    };
    return { calls, compress };
  }

  it('compresses a body once and answers the same bytes for the same body, per coding', () => {
    const bodies = new CompressedBodies();
    const { calls, compress } = counting();
    const first = bodies.get(page('aaa'), 'gzip', compress);
    expect(zlib.gunzipSync(first).toString()).toBe(page('aaa').toString());
    expect(bodies.get(page('aaa'), 'gzip', compress)).toBe(first);
    expect(calls).toHaveLength(1);

    // Another body, or the same body in another coding, is compressed for itself.
    expect(zlib.gunzipSync(bodies.get(page('bbb'), 'gzip', compress)).toString()).toBe(page('bbb').toString());
    bodies.get(page('aaa'), 'br', compress);
    expect(calls).toHaveLength(3);
    expect(bodies.size.bodies).toBe(3);
  });

  it('keeps within its bytes, the least recently used out first', () => {
    const probe = new CompressedBodies();
    probe.get(page('aaa'), 'gzip', zlib.gzipSync);
    const each = probe.size.bytes;
    const bodies = new CompressedBodies(Math.floor(each * 2.5));
    const { calls, compress } = counting();
    bodies.get(page('aaa'), 'gzip', compress);
    bodies.get(page('bbb'), 'gzip', compress);
    bodies.get(page('aaa'), 'gzip', compress); // aaa is now the most recently used
    bodies.get(page('ccc'), 'gzip', compress); // drops bbb
    expect(bodies.size.bodies).toBe(2);
    expect(bodies.size.bytes).toBeLessThanOrEqual(each * 2.5);
    bodies.get(page('aaa'), 'gzip', compress);
    expect(calls).toEqual(['aaaaaaaaa', 'bbbbbbbbb', 'ccccccccc']);
    bodies.get(page('bbb'), 'gzip', compress);
    expect(calls).toHaveLength(4);
  });

  it('compresses a very large body every time rather than keeping it', () => {
    const bodies = new CompressedBodies();
    const { calls, compress } = counting();
    const large = page('x'.repeat(3000));
    bodies.get(large, 'gzip', compress);
    bodies.get(large, 'gzip', compress);
    expect(calls).toHaveLength(2);
    expect(bodies.size.bodies).toBe(0);
  });
});
