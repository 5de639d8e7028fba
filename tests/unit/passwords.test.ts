import { beforeAll, describe, expect, it } from 'vitest';
import {
  DUMMY_HASH_PROMISE,
  hashPassword,
  PASSWORD_BUSY_MESSAGE,
  PASSWORD_HASH_CONCURRENCY,
  PASSWORD_HASH_QUEUE,
  passwordHashing,
  verifyPassword,
} from '../../src/platform/auth/passwords';
import { Refusal } from '../../src/platform/errors';

/**
 * Password hashing is bounded per process: a burst of sign-ins never computes more than
 * PASSWORD_HASH_CONCURRENCY scrypt hashes at once (one core stays free for every other school's
 * requests), at most PASSWORD_HASH_QUEUE wait, and one more is refused at once.
 */
describe('password hashing under a burst', () => {
  let stored = '';

  beforeAll(async () => {
    // The module's own hash (made at import) is done, so the burst below is all there is.
    await DUMMY_HASH_PROMISE;
    stored = await hashPassword('the-right-password');
  });

  it('computes at most PASSWORD_HASH_CONCURRENCY hashes at once, and checks every one of the burst', async () => {
    expect(PASSWORD_HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    passwordHashing({ resetPeak: true });
    const burst = Array.from({ length: PASSWORD_HASH_CONCURRENCY + PASSWORD_HASH_QUEUE }, (_, i) =>
      verifyPassword(i % 2 ? 'the-right-password' : 'a-wrong-password', stored),
    );
    expect(passwordHashing()).toMatchObject({ waiting: PASSWORD_HASH_QUEUE });

    const results = await Promise.all(burst);

    expect(results).toEqual(burst.map((_, i) => i % 2 === 1));
    expect(passwordHashing()).toEqual({ computing: 0, waiting: 0, peak: PASSWORD_HASH_CONCURRENCY });
  });

  it('refuses one more than the line holds at once, with a 429, and still checks the others', async () => {
    const burst = Array.from({ length: PASSWORD_HASH_CONCURRENCY + PASSWORD_HASH_QUEUE }, () => verifyPassword('the-right-password', stored));

    const refused = await verifyPassword('the-right-password', stored).catch((err: unknown) => err);

    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ status: 429, message: PASSWORD_BUSY_MESSAGE });
    expect(await Promise.all(burst)).toEqual(burst.map(() => true));
    // Once the line is short again, a password is checked as usual.
    expect(await verifyPassword('the-right-password', stored)).toBe(true);
  });
});
