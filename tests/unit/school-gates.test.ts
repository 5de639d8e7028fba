import { describe, expect, it } from 'vitest';
import { Refusal } from '../../src/platform/errors';
import { HEAVY_MESSAGES, SchoolGates } from '../../src/platform/work/school-gates';

const LIMITS = { document: { concurrent: 2, waiting: 1, perMinute: 5 }, upload: { concurrent: 1, waiting: 0, perMinute: 100 } };
const T = 1_750_000_000;

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('school gates: fair shares of the heavy calls', () => {
  it('runs a school’s calls a few at a time, the next in line taking a freed place in order', async () => {
    const gates = new SchoolGates(LIMITS);
    const first = await gates.enter('document', 1, T);
    const second = await gates.enter('document', 1, T);
    const order: string[] = [];
    const third = gates.enter('document', 1, T).then((release) => {
      order.push('third');
      return release;
    });
    await settle();
    expect(order).toEqual([]);
    expect(gates.waiting('document', 1)).toBe(1);
    first();
    const release = await third;
    expect(order).toEqual(['third']);
    expect(gates.running('document', 1)).toBe(2);
    // A place given back twice frees it once.
    first();
    expect(gates.running('document', 1)).toBe(2);
    second();
    release();
    expect(gates.running('document', 1)).toBe(0);
  });

  it('refuses at once when a school’s lane is full, and never for another school or kind', async () => {
    const gates = new SchoolGates(LIMITS);
    await gates.enter('document', 1, T);
    await gates.enter('document', 1, T);
    void gates.enter('document', 1, T);
    await expect(gates.enter('document', 1, T)).rejects.toEqual(new Refusal(429, 'busy', HEAVY_MESSAGES.busy));
    await expect(gates.enter('document', 2, T)).resolves.toBeTypeOf('function');
    await expect(gates.enter('upload', 1, T)).resolves.toBeTypeOf('function');
  });

  it('counts the calls a school starts in a minute, refused ones not included', async () => {
    const gates = new SchoolGates(LIMITS);
    for (let i = 0; i < 5; i += 1) (await gates.enter('document', 1, T + i))();
    const refusal = gates.enter('document', 1, T + 30);
    await expect(refusal).rejects.toMatchObject({ status: 429, message: HEAVY_MESSAGES.rate(5) });
    // The first call's minute is over at T + 60: one place again.
    (await gates.enter('document', 1, T + 60))();
    await expect(gates.enter('document', 1, T + 60)).rejects.toMatchObject({ status: 429 });
  });
});
