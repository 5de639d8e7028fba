import { describe, expect, it } from 'vitest';
import { importResponseSchema, membersPageResponseSchema } from '../contract';
import { bodyOf, CLIENT_ADDRESS, get, postJson, signedInUser, useTestContext } from '../../../../tests/factories';

/**
 * The mailing list's total comes from the count the database's triggers keep (migration 0028), not
 * from counting the list on every page (issue 30): it must follow every way members come and go,
 * on both databases, and never mix schools.
 */
const PAGE = '/api/newsletter/manage/list/page';

describe('newsletter: the mailing list’s kept count', () => {
  const ctx = useTestContext();

  async function total(cookie: string): Promise<number> {
    return membersPageResponseSchema.parse(await bodyOf(await get(ctx().app, `${PAGE}?page=1`, { cookie }))).total;
  }

  async function counted(domainId: number): Promise<number> {
    const row = await ctx().db.selectFrom('newsletter_members').select((eb) => eb.fn.countAll<number>().as('n')).where('domain_id', '=', domainId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function importCsv(csv: string, cookie: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'families.csv');
    form.append('dryRun', 'false');
    return Promise.resolve(ctx().app.request('/api/newsletter/manage/import', { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS }));
  }

  it('follows adds, an import, deletions and a refused add, school by school', async () => {
    const { school, cookie } = await signedInUser(ctx(), { newsletter: true });
    const { school: other, cookie: otherCookie } = await signedInUser(ctx(), { newsletter: true });
    expect(await total(cookie)).toBe(0);

    for (const n of [1, 2, 3]) expect((await postJson(ctx().app, '/api/newsletter/manage/add', { fullname: `Parent ${n}`, email: `p${n}@families.example.org` }, cookie)).status).toBe(200);
    // The same address again is refused and counts nothing.
    expect((await postJson(ctx().app, '/api/newsletter/manage/add', { fullname: 'Again', email: 'P1@families.example.org' }, cookie)).status).toBe(409);
    expect(await total(cookie)).toBe(3);

    const rows = Array.from({ length: 500 }, (_, i) => `Family ${i},family${i}@families.example.org`);
    const summary = importResponseSchema.parse(await bodyOf(await importCsv(`Name,Email\n${rows.join('\n')}\np1@families.example.org,Known\n`, cookie))).summary;
    expect(summary.added).toBe(500);
    expect(await total(cookie)).toBe(503);

    expect((await postJson(ctx().app, '/api/newsletter/manage/delete', { email: 'p2@families.example.org' }, cookie)).status).toBe(200);
    expect(await total(cookie)).toBe(502);
    expect(await counted(school.id)).toBe(502);

    // The other school's list is its own.
    await postJson(ctx().app, '/api/newsletter/manage/add', { fullname: 'Elsewhere', email: 'p1@families.example.org' }, otherCookie);
    expect(await total(otherCookie)).toBe(1);
    expect(await total(cookie)).toBe(502);
    expect(await counted(other.id)).toBe(1);
  });

  it('goes with its school', async () => {
    const { school, cookie } = await signedInUser(ctx(), { newsletter: true });
    await postJson(ctx().app, '/api/newsletter/manage/add', { fullname: 'Parent', email: 'parent@families.example.org' }, cookie);
    await ctx().db.deleteFrom('domains').where('id', '=', school.id).execute();
    const kept = await ctx().db.selectFrom('newsletter_member_counts').selectAll().where('domain_id', '=', school.id).execute();
    expect(kept).toEqual([]);
  });
});
