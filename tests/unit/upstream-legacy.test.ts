import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  legacyBool,
  legacyCommaList,
  legacyCount,
  legacyDate,
  legacyEnvelope,
  legacyInt,
  legacyList,
  legacyText,
  parseProblem,
} from '../../src/platform/upstream/legacy';
import { legacyUserAnswer, toShellSession } from '../../src/platform/upstream/session';

describe('the legacy readers', () => {
  it('read whole numbers sent as numbers or text, and nothing else', () => {
    expect(legacyInt.parse(12)).toBe(12);
    expect(legacyInt.parse(' 12 ')).toBe(12);
    expect(legacyInt.safeParse('12a').success).toBe(false);
    expect(legacyInt.safeParse(1.5).success).toBe(false);
    expect(legacyCount.parse('')).toBe(0);
    expect(legacyCount.parse(null)).toBe(0);
    expect(legacyCount.parse('7')).toBe(7);
  });

  it('read flags in the shapes legacy backends send', () => {
    for (const yes of [true, 1, '1', 'true', 'TRUE', 'yes', 'on']) expect(legacyBool.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false', '', 'no', null, undefined]) expect(legacyBool.parse(no)).toBe(false);
    expect(legacyBool.safeParse('maybe').success).toBe(false);
    expect(z.object({ flag: legacyBool }).parse({})).toEqual({ flag: false });
  });

  it('read text that may be a number or missing', () => {
    expect(legacyText.parse(5)).toBe('5');
    expect(legacyText.parse(null)).toBe('');
    expect(z.object({ t: legacyText }).parse({})).toEqual({ t: '' });
  });

  it('read lists that are missing, false, null or keyed by index', () => {
    const list = z.object({ items: legacyList(legacyInt) });
    expect(list.parse({})).toEqual({ items: [] });
    expect(list.parse({ items: false })).toEqual({ items: [] });
    expect(list.parse({ items: null })).toEqual({ items: [] });
    expect(list.parse({ items: { 0: '4', 1: 5 } })).toEqual({ items: [4, 5] });
    expect(list.safeParse({ items: ['x'] }).success).toBe(false);
  });

  it('split comma-separated lists', () => {
    expect(legacyCommaList.parse('Ms Grey, Mr Kent,,  ')).toEqual(['Ms Grey', 'Mr Kent']);
    expect(legacyCommaList.parse(['a', 3])).toEqual(['a', '3']);
    expect(legacyCommaList.parse(null)).toEqual([]);
  });

  it('read dates as unix seconds, milliseconds, MySQL text (UTC) or ISO 8601', () => {
    const at = Date.UTC(2026, 2, 5, 9, 30, 0) / 1000;
    expect(legacyDate.parse(at)).toBe(at);
    expect(legacyDate.parse(String(at))).toBe(at);
    expect(legacyDate.parse(at * 1000)).toBe(at);
    expect(legacyDate.parse('2026-03-05 09:30:00')).toBe(at);
    expect(legacyDate.parse('2026-03-05T10:30:00+01:00')).toBe(at);
    expect(legacyDate.safeParse('soon').success).toBe(false);
  });

  it('read the envelope leniently and name the first problem of a failed parse', () => {
    expect(legacyEnvelope.parse({ success: 'true', isAuthFailed: 0 })).toMatchObject({ success: true, isAuthFailed: false });
    expect(legacyEnvelope.parse({ success: 1 })).toMatchObject({ success: true, isAuthFailed: false });
    const failed = z.object({ posts: z.array(z.object({ id: legacyInt })) }).safeParse({ posts: [{ id: 1 }, { id: 'x' }] });
    expect(failed.success).toBe(false);
    if (!failed.success) expect(parseProblem(failed.error)).toMatch(/^posts\.1\.id: /);
  });

  it("read GET /api/api/user's answer into the shell's session", () => {
    const answer = legacyUserAnswer.parse({
      success: 'true',
      user: { name: 'Lee', domain: 'legacy.school', extra: 'dropped' },
      domain: { hapara: 1, newsletter: '0', builder: 'true', website: true },
    });
    expect(toShellSession(answer)).toEqual({
      user: { name: 'Lee', email: null, avatarUrl: null },
      domain: { label: 'legacy.school', name: 'legacy.school', products: { hapara: true, newsletter: false, builder: true, website: true, app: false } },
    });
  });
});
