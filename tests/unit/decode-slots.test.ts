import { describe, expect, it } from 'vitest';
import { DECODES_BUSY, decodeInTurn, MAX_WAITING_DECODES } from '../../src/platform/media/decode-slots';

describe('image decodes: one at a time, a bounded line', () => {
  it('never runs two decodes at once, and refuses one beyond the line', async () => {
    let running = 0;
    let most = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const decode = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    const admitted = Array.from({ length: MAX_WAITING_DECODES + 1 }, () => decodeInTurn(decode));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => decodeInTurn(decode)).toThrow(DECODES_BUSY);
    open();
    await Promise.all(admitted);
    expect(most).toBe(1);
  });
});
