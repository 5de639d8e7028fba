import { afterEach, describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_OTHER_ADMIN, LEGACY_OTHER_SCHOOL, LEGACY_SCHOOL } from '../legacy-backend/seed';
import type { NewsletterSlice } from '../legacy-backend/modules/newsletter';
import { addMemberResponseSchema, membersPageResponseSchema, membersResponseSchema } from '../../src/modules/newsletter/contract';
import { emptyResponseSchema } from '../../src/lib/contract/envelope';
import { legacyAddMemberAnswer, legacyMembersAnswer } from '../../src/modules/newsletter/server/upstream/legacy';

const LOAD = '/api/newsletter/manage/list/load';

describe('upstream mode: the mailing list', () => {
  const up = useUpstream();
  const slice = (school = LEGACY_SCHOOL) => up().backend.store.schools.get(school)?.slices.get('newsletter') as NewsletterSlice;
  afterEach(() => up().backend.store.faults.clear());

  it('lists every legacy member, newest first, in the contract shape only', async () => {
    const res = await up().call(LOAD, { cookie: up().signIn() });
    expect(res.status).toBe(200);
    const raw: unknown = await res.json();
    const body = membersResponseSchema.strict().parse(raw);
    expect(body.members).toHaveLength(14);
    // The seed's last row is its newest; its first the oldest.
    expect(body.members[0]).toEqual({ address: 'nico.parent@families.example', name: 'Nico Parent', subscribed: true });
    expect(body.members.at(-1)).toEqual({ address: 'ada.parent@families.example', name: 'Ada Parent', subscribed: true });
    // A row without a name, and no legacy field (id, date_added) reaches the browser.
    expect(body.members.find((m) => m.address.startsWith('dev.'))?.name).toBe('');
    expect(JSON.stringify(raw)).not.toMatch(/date_added|"id"/);
  });

  it('pages and filters the whole legacy list itself', async () => {
    const cookie = up().signIn();
    const page2 = membersPageResponseSchema.parse(await (await up().call('/api/newsletter/manage/list/page?page=2&limit=10', { cookie })).json());
    expect(page2).toMatchObject({ total: 14, total_pages: 2 });
    expect(page2.members).toHaveLength(4);
    const found = membersPageResponseSchema.parse(await (await up().call('/api/newsletter/manage/list/page?page=1&limit=10&query=MIA', { cookie })).json());
    expect(found).toMatchObject({ total: 1, total_pages: 1, members: [{ address: 'mia.parent@families.example' }] });
  });

  it('adds a member in the legacy shape {fullname, email} and answers the contract member', async () => {
    const res = await up().call('/api/newsletter/manage/add', { cookie: up().signIn(), json: { fullname: ' Quinn Parent ', email: 'quinn@families.example' } });
    expect(res.status).toBe(200);
    expect(addMemberResponseSchema.parse(await res.json()).member).toEqual({ address: 'quinn@families.example', name: 'Quinn Parent', subscribed: true });
    expect(slice().members.at(-1)).toMatchObject({ address: 'quinn@families.example', name: 'Quinn Parent' });
    // The legacy refusal (a duplicate) comes back as the spec's failure with the backend's message.
    const again = await up().call('/api/newsletter/manage/add', { cookie: up().signIn(), json: { fullname: 'Quinn', email: 'QUINN@families.example' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'Email already exists in your mailing list' });
  });

  it('checks the add with the contract before the legacy backend sees it', async () => {
    const before = up().backend.store.requests.length;
    const res = await up().call('/api/newsletter/manage/add', { cookie: up().signIn(), json: { fullname: '', email: 'x@families.example' } });
    expect(res.status).toBe(400);
    expect(
      up()
        .backend.store.requests.slice(before)
        .filter((r) => r.includes('/manage/add')),
    ).toEqual([]);
  });

  it('deletes a member by address', async () => {
    const res = await up().call('/api/newsletter/manage/delete', { cookie: up().signIn(), json: { email: 'Leo.Parent@families.example' } });
    expect(res.status).toBe(200);
    emptyResponseSchema.parse(await res.json());
    expect(slice().members.some((m) => m.address === 'leo.parent@families.example')).toBe(false);
    const missing = await up().call('/api/newsletter/manage/delete', { cookie: up().signIn(), json: { email: 'leo.parent@families.example' } });
    expect(missing.status).toBe(400);
  });

  it('never shows another school its list, nor changes it', async () => {
    const other = membersResponseSchema.parse(await (await up().call(LOAD, { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) })).json());
    expect(other.members.map((m) => m.address)).toEqual(['piet.parent@other.example', 'olga.parent@other.example']);
    const res = await up().call('/api/newsletter/manage/delete', {
      cookie: up().signIn(LEGACY_OTHER_ADMIN.email),
      json: { email: 'mia.parent@families.example' },
    });
    expect(res.status).toBe(400);
    expect(slice().members.some((m) => m.address === 'mia.parent@families.example')).toBe(true);
    expect(slice(LEGACY_OTHER_SCHOOL).members).toHaveLength(2);
  });

  it('answers a malformed legacy list with a 502 and logs the path and problem, never the body', async () => {
    up().backend.store.faults.set(LOAD, {
      kind: 'malformed',
      body: { success: 1, isAuthFailed: 0, data: [{ address: '', name: 'Secret Person', subscribed: 'maybe' }] },
    });
    const res = await up().call(LOAD, { cookie: up().signIn() });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false });
    const line = up().logs.find((l) => l.includes(LOAD));
    expect(line).toMatch(/answer unreadable/);
    expect(line).not.toContain('Secret Person');
  });

  it('is signed out without the legacy cookie', async () => {
    const res = await up().call(LOAD);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: true });
  });
});

describe('the legacy mailing-list schemas', () => {
  it('reads the list under data, members or list, keyed by index or missing', () => {
    const row = { address: 'a@x.example', name: 'A', subscribed: 'Yes' };
    expect(legacyMembersAnswer.parse({ success: true, data: [row] })).toHaveLength(1);
    expect(legacyMembersAnswer.parse({ success: true, members: { 0: row, 1: { ...row, address: 'b@x.example' } } })).toHaveLength(2);
    expect(legacyMembersAnswer.parse({ success: true, list: null })).toEqual([]);
    expect(legacyMembersAnswer.parse({ success: true })).toEqual([]);
  });

  it('reads a member whatever its quirks: email/fullname keys, flags as text or numbers, dates as text or seconds', () => {
    const [a, b, c] = legacyMembersAnswer.parse({
      data: [
        { email: 'a@x.example', fullname: 'A', subscribed: 1, date_added: '2025-01-06 10:00:00', id: '3' },
        { address: 'b@x.example', name: null, subscribed: '0', date_added: 1736157600 },
        { address: 'c@x.example', subscribed: 'true', date_added: '' },
      ],
    });
    expect(a).toMatchObject({ email: 'a@x.example', fullname: 'A', subscribed: true, date_added: 1736157600 });
    expect(b).toMatchObject({ name: '', subscribed: false, date_added: 1736157600 });
    expect(c).toMatchObject({ subscribed: true, date_added: null });
  });

  it('refuses a member without an address, or with an unreadable flag', () => {
    expect(legacyMembersAnswer.safeParse({ data: [{ name: 'A', subscribed: 1 }] }).success).toBe(false);
    expect(legacyMembersAnswer.safeParse({ data: [{ address: 'a@x.example', subscribed: 'maybe' }] }).success).toBe(false);
  });

  it('reads an add answered with or without the member', () => {
    expect(legacyAddMemberAnswer.parse({ success: 'true' }).member).toBeUndefined();
    expect(legacyAddMemberAnswer.parse({ success: 'true', member: { email: 'a@x.example', fullname: 'A', subscribed: 'Yes' } }).member?.subscribed).toBe(true);
  });
});
