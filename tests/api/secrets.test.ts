import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db';
import { secretKey, sign, verify } from '../../src/platform/secrets';
import { useTestContext } from '../factories';

/** Signing keys in the database, on both databases: made once, shared by every instance, never forgeable across purposes. */
describe('server secrets', () => {
  const ctx = useTestContext();

  it('makes a key on first use and gives every instance on the database the same one', async () => {
    const { db, config } = ctx();
    const second = openDatabase(config);
    try {
      // Two instances asking at once: one key wins, both see it.
      const [a, b] = await Promise.all([secretKey(db, 'test-shared'), secretKey(second, 'test-shared')]);
      expect(a).toBe(b);
      expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await db.selectFrom('server_secrets').selectAll().where('name', '=', 'test-shared').execute();
      expect(rows).toHaveLength(1);
      expect(await secretKey(db, 'test-other')).not.toBe(a);
    } finally {
      await second.destroy();
    }
  });

  it('verifies its own signatures only: another purpose, changed or shifted parts, or a forged signature fail', async () => {
    const { db } = ctx();
    const signature = await sign(db, 'unsubscribe', [7, 'ada@example.org']);
    expect(await verify(db, 'unsubscribe', [7, 'ada@example.org'], signature)).toBe(true);
    expect(await verify(db, 'unsubscribe', ['7', 'ada@example.org'], signature)).toBe(true);
    expect(await verify(db, 'preview', [7, 'ada@example.org'], signature)).toBe(false);
    expect(await verify(db, 'unsubscribe', [8, 'ada@example.org'], signature)).toBe(false);
    expect(await verify(db, 'unsubscribe', [7, 'ada@example.org', ''], signature)).toBe(false);
    expect(await verify(db, 'unsubscribe', [7, 'ada@example.org'], signature.slice(0, -1))).toBe(false);
    expect(await verify(db, 'unsubscribe', [7, 'ada@example.org'], `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(await verify(db, 'unsubscribe', ['7\nada@example.org'], signature)).toBe(false);
    await expect(sign(db, 'unsubscribe', ['a\nb'])).rejects.toThrow(/line break/);
    expect(() => secretKey(db, 'Bad Name')).toThrow(/lowercase/);
  });
});
