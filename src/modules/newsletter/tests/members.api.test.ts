import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMemberResponseSchema,
  ALREADY_MEMBER,
  FIELDS_REQUIRED,
  INVALID_EMAIL,
  MEMBER_ADDED,
  membersPageResponseSchema,
  membersResponseSchema,
  NOT_A_MEMBER,
  UNSUBSCRIBED_ADDRESS,
} from '../contract';
import { bodyOf, failure, get, postJson, signedInUser, type TestSchool, useTestContext } from '../../../../tests/factories';

/** The mailing list's calls (spec section 7, Newsletter `manage/*`) on a real database, both kinds. */
const LIST = '/api/newsletter/manage/list/load';
const PAGE = '/api/newsletter/manage/list/page';
const ADD = '/api/newsletter/manage/add';
const DELETE = '/api/newsletter/manage/delete';

describe('newsletter: the mailing list', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let otherCookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { newsletter: true }));
    ({ cookie: otherCookie } = await signedInUser(ctx(), { newsletter: true }));
  });

  async function members(c = cookie) {
    const res = await get(ctx().app, LIST, { cookie: c });
    expect(res.status).toBe(200);
    return membersResponseSchema.parse(await bodyOf(res)).members;
  }

  async function add(fullname: unknown, email: unknown, c = cookie): Promise<Response> {
    return postJson(ctx().app, ADD, { fullname, email }, c);
  }

  it('adds a member, subscribed, keeping the address as typed; the list shows it first', async () => {
    const res = await add('  Ada Lovelace ', '  Ada.Lovelace@Example.org ');
    expect(res.status).toBe(200);
    expect(addMemberResponseSchema.parse(await bodyOf(res)).member).toEqual({ address: 'Ada.Lovelace@Example.org', name: 'Ada Lovelace', subscribed: true });
    ctx().clock.advance(60);
    await add('Grace Hopper', 'grace@example.org');
    expect((await members()).map((m) => m.address)).toEqual(['grace@example.org', 'Ada.Lovelace@Example.org']);
    expect(MEMBER_ADDED).toBe('Member has been added to your mailing list');
  });

  it('refuses an empty field with the spec’s text, and a bad address clearly, changing nothing', async () => {
    const before = await members();
    const cases: [unknown, unknown, string][] = [
      ['', 'someone@example.org', FIELDS_REQUIRED],
      ['Someone', '   ', FIELDS_REQUIRED],
      [undefined, 'someone@example.org', FIELDS_REQUIRED],
      ['Someone', undefined, FIELDS_REQUIRED],
      ['Someone', 'not-an-address', INVALID_EMAIL],
      ['Someone', 'two@@example.org', INVALID_EMAIL],
      ['Some\r\nBcc: x@example.org', 'someone@example.org', 'fullname: A name cannot contain line breaks or control characters.'],
      ['x'.repeat(201), 'someone@example.org', 'fullname: A name can be at most 200 characters.'],
      ['Someone', `${'a'.repeat(250)}@example.org`, 'email: An email address can be at most 254 characters.'],
    ];
    for (const [fullname, email, message] of cases) {
      const res = await add(fullname, email);
      expect(await failure(res), JSON.stringify([fullname, email])).toEqual({ status: 400, message, isAuthFailed: false });
    }
    expect(await members()).toEqual(before);
  });

  it('refuses an address already listed, in any case, with a clear message', async () => {
    await add('Alan Turing', 'alan@example.org');
    const res = await add('Alan T', '  ALAN@example.ORG');
    expect(await failure(res)).toEqual({ status: 409, message: ALREADY_MEMBER, isAuthFailed: false });
    expect((await members()).filter((m) => m.address.toLowerCase() === 'alan@example.org')).toEqual([{ address: 'alan@example.org', name: 'Alan Turing', subscribed: true }]);
  });

  it('never adds back an address that unsubscribed, even after staff deleted it', async () => {
    await add('Left Us', 'left@example.org');
    await ctx().db.insertInto('newsletter_suppressions').values({ domain_id: school.id, email_key: 'left@example.org', reason: 'unsubscribed', created_at: ctx().clock.now }).execute();
    expect((await postJson(ctx().app, DELETE, { email: 'left@example.org' }, cookie)).status).toBe(200);
    const res = await add('Left Us', 'Left@Example.org');
    expect(await failure(res)).toEqual({ status: 409, message: UNSUBSCRIBED_ADDRESS, isAuthFailed: false });
    expect((await members()).some((m) => m.address.toLowerCase() === 'left@example.org')).toBe(false);
  });

  it('deletes by address in any case; an address not listed is a 404 and changes nothing', async () => {
    await add('To Go', 'to.go@example.org');
    const missing = await postJson(ctx().app, DELETE, { email: 'nobody@example.org' }, cookie);
    expect(await failure(missing)).toEqual({ status: 404, message: NOT_A_MEMBER, isAuthFailed: false });
    const res = await postJson(ctx().app, DELETE, { email: ' TO.GO@example.org ' }, cookie);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });
    expect((await members()).some((m) => m.address === 'to.go@example.org')).toBe(false);
    const empty = await postJson(ctx().app, DELETE, { email: '' }, cookie);
    expect((await failure(empty)).status).toBe(400);
  });

  it('pages 10 at a time, newest first, and filters by address or name, case-insensitively, wildcards literal', async () => {
    const { cookie: c } = await signedInUser(ctx(), { newsletter: true });
    for (let i = 1; i <= 23; i += 1) {
      await add(`Parent ${String(i).padStart(2, '0')}`, `parent${i}@families.example.org`, c);
      ctx().clock.advance(1);
    }
    await add('Percent 100%', 'percent@example.org', c);
    const page = async (query: string) => membersPageResponseSchema.parse(await bodyOf(await get(ctx().app, `${PAGE}?${query}`, { cookie: c })));
    const first = await page('page=1');
    expect(first.total).toBe(24);
    expect(first.total_pages).toBe(3);
    expect(first.members.map((m) => m.name)).toEqual(['Percent 100%', ...Array.from({ length: 9 }, (_, i) => `Parent ${23 - i}`)]);
    const third = await page('page=3');
    expect(third.members.map((m) => m.name)).toEqual(['Parent 04', 'Parent 03', 'Parent 02', 'Parent 01']);
    const byName = await page('query=PARENT%200');
    expect(byName.total).toBe(9);
    const byAddress = await page('query=parent2');
    expect(byAddress.members.map((m) => m.address)).toEqual(['parent23@families.example.org', 'parent22@families.example.org', 'parent21@families.example.org', 'parent20@families.example.org', 'parent2@families.example.org']);
    expect((await page('query=100%25')).members.map((m) => m.name)).toEqual(['Percent 100%']);
    expect((await page('query=_')).total).toBe(0);
    expect((await get(ctx().app, `${PAGE}?page=0`, { cookie: c })).status).toBe(400);
  });

  it('keeps each school’s list its own', async () => {
    await add('Mine Only', 'mine.only@example.org');
    expect((await members(otherCookie)).some((m) => m.address === 'mine.only@example.org')).toBe(false);
    // Another school cannot delete it, and may add the same address to its own list.
    expect((await postJson(ctx().app, DELETE, { email: 'mine.only@example.org' }, otherCookie)).status).toBe(404);
    expect((await add('Mine Only', 'mine.only@example.org', otherCookie)).status).toBe(200);
    expect((await members()).some((m) => m.address === 'mine.only@example.org')).toBe(true);
  });
});
